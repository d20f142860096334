// MainGuard
enum Placeholder {}
