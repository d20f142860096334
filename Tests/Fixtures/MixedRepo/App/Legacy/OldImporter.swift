// Left out of the App target by the synchronized folder's exception set.
final class OldImporter {}
