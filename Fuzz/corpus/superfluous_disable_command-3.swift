// mainguard:disable:next blocking_call_on_main_actor - runs once at launch, measured at 3 ms
let config = try Data(contentsOf: configURL)
