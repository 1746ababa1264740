namespace net {
struct Socket { void setSoTimeout(int Ms); };
}
struct ReadOnlyIterator {
  bool hasNext();
  int next();
  void remove();
};
struct Iterator { void remove(); };

void configure(net::Socket &S) {
  S.setSoTimeout(-1);
  S.setSoTimeout(0);
}
void prune(ReadOnlyIterator &It, Iterator &Mutable) {
  while (It.hasNext())
    if (It.next() == 0)
      It.remove();
  Mutable.remove();
}
