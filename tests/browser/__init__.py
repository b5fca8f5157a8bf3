"""Browser tests: Debian's Chromium (headless) driven by Selenium against a live server."""
