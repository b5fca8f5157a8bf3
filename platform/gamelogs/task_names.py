"""The names of the worker tasks the site sends. The site sends by name and never imports the workers
package (which builds on this app); the workers register their tasks under these names."""

VERIFY_LOG = "workers.tasks.verify_log"
SWEEP_PENDING = "workers.tasks.sweep_pending"
REVERIFY_LOGS = "workers.tasks.reverify_logs"
REVERIFY_BATCH = "workers.tasks.reverify_batch"
