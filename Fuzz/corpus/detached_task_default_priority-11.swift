func detached(_ body: () -> Void) { body() }

func start() {
    detached { print("a free function called detached") }
}
