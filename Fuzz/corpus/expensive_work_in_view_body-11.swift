struct RankBadge: View {
    let rank: Int

    var body: some View {
        let medals = ["gold", "silver", "bronze"].sorted()
        let digits = /[0-9]+/
        Text(rank < medals.count ? medals[rank] : "\(rank)")
    }
}
