// MainGuardTesting
enum Placeholder {}
