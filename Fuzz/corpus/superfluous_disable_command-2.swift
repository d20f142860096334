// mainguard:disabel blocking_call_on_main_actor
