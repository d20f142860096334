actor Cache {
    func warm() {
        Task.detached(name: "warm-cache") {
            print("warming")
        }
    }
}
