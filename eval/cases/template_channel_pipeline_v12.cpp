// A three-stage text pipeline connected by Channel<T>, a class template whose
// send() throws std::logic_error once close() has run and whose close() is
// guarded by an is_closed() query. Negative: every stage sends only before it
// closes its output, or behind is_closed(); the stage that closes early
// returns; the reset() method starts a new generation, after which sending is
// legal again; receive() on a closed channel drains what is left, as the
// template documents.
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class Channel {
public:
  void send(T V) {
    if (Closed)
      throw std::logic_error("Channel::send on closed channel");
    Buf.push_back(std::move(V));
  }
  /// Returns queued values even after close(); nullopt once drained.
  std::optional<T> receive() {
    if (Buf.empty())
      return std::nullopt;
    T V = std::move(Buf.front());
    Buf.pop_front();
    return V;
  }
  void close() {
    if (Closed)
      throw std::logic_error("Channel::close: already closed");
    Closed = true;
  }
  bool is_closed() const { return Closed; }
  /// Starts a new generation: drops leftovers and reopens the channel.
  void reset() {
    Buf.clear();
    Closed = false;
  }

private:
  std::deque<T> Buf;
  bool Closed = false;
};

template <typename T, typename Fn>
void transform(Channel<T> &In, Channel<T> &Out, Fn F) {
  while (auto V = In.receive()) { // OK: receive() drains a closed channel by design
    if (V->empty()) {
      Out.close();
      return;
    }
    Out.send(F(*V)); // OK: the close above returns immediately
  }
  if (!Out.is_closed())
    Out.close(); // OK: guarded, so it cannot be the second close
}

void readLines(Channel<std::string> &Out, const std::vector<std::string> &Lines) {
  for (const std::string &L : Lines)
    Out.send(L);
  Out.close();
}

std::vector<std::string> collect(Channel<std::string> &In) {
  std::vector<std::string> R;
  while (auto V = In.receive())
    R.push_back(*V);
  return R;
}

int main() {
  Channel<std::string> Raw, Upper;
  readLines(Raw, {"alpha", "beta", "", "gamma"});
  transform(Raw, Upper, [](std::string S) {
    for (char &C : S)
      C = static_cast<char>(C - 32 * (C >= 'a' && C <= 'z'));
    return S;
  });
  std::vector<std::string> Out = collect(Upper);
  Raw.reset();
  Raw.send("second run"); // OK: reset() reopened the channel
  Raw.close();
  if (!Upper.is_closed())
    Upper.send("trailer"); // OK: guarded by is_closed()
  return Out.empty() ? 1 : 0;
}
