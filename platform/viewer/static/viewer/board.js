/* The board registry shared by the replay viewer and the table recorder.
 *
 * ArbiterBoard.render(svg, game, board, view, options) draws a game's board with the renderer the game
 * registered by its id (ArbiterBoard.register(game, fn)); each game's renderer is a script in its plugin
 * folder (GamePlugin.board_script), loaded after this one. A game may instead register a board with its
 * own panel (window.ArbiterBoards[game id], see viewer.js).
 */
(function () {
  "use strict";
  const RENDERERS = {};

  window.ArbiterBoard = {
    register(game, fn) { RENDERERS[game] = fn; },
    render(svg, game, board, view, options) {
      const fn = RENDERERS[game];
      if (!fn || !board) { svg.outerHTML = "<p class='muted'>No board drawing for this game yet.</p>"; return; }
      fn(svg, board, view, options);
    },
  };
})();
