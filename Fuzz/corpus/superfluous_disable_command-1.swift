// mainguard:disable:next blocking_call_on_main_actor
let total = items.count            // nothing blocks here: the comment is stale
