// MainGuardLint
enum Placeholder {}
