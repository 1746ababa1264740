// A job dispatcher built on two class templates with a guard-and-throw
// protocol: BoundedQueue<T>::push() throws std::logic_error after close()
// (pop() keeps draining the remaining items and then returns nullopt, by
// design); Mailbox<T>::post() throws after close() and so does a second close().
// Bugs: the producer loop closes the queue when it sees the sentinel job but
// keeps pushing; requeueFailed() pushes into a queue that finish() closed;
// forwardRemaining() closes the mailbox before posting the leftovers to it;
// stop() closes the mailbox and the error path closes it again.
#include <cstddef>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t Cap) : Cap(Cap) {}
  void push(T Item) {
    if (Closed)
      throw std::logic_error("BoundedQueue::push on a closed queue");
    if (Items.size() == Cap)
      Items.pop_front();
    Items.push_back(std::move(Item));
  }
  std::optional<T> pop() {
    if (Items.empty())
      return std::nullopt;
    T Front = std::move(Items.front());
    Items.pop_front();
    return Front;
  }
  void close() { Closed = true; }
  bool closed() const { return Closed; }

private:
  std::size_t Cap;
  std::deque<T> Items;
  bool Closed = false;
};

template <typename T> class Mailbox {
public:
  void post(const T &V) {
    if (Done)
      throw std::logic_error("Mailbox::post after close");
    Inbox.push_back(V);
  }
  void close() {
    if (Done)
      throw std::logic_error("Mailbox::close called twice");
    Done = true;
  }

private:
  std::vector<T> Inbox;
  bool Done = false;
};

struct Job {
  std::string Name;
  int Attempts = 0;
};

void enqueueAll(BoundedQueue<Job> &Q, const std::vector<Job> &Jobs) {
  for (const Job &J : Jobs) {
    if (J.Name == "__end__")
      Q.close();
    Q.push(J); // BUG: use-after-close
  }
}

template <typename T> void finish(BoundedQueue<T> &Q) { Q.close(); }

template <typename T> void requeueFailed(BoundedQueue<T> &Q, const std::vector<T> &Failed) {
  finish(Q);
  while (auto Left = Q.pop()) // OK: pop() drains a closed queue by design
    (void)Left;
  for (const T &F : Failed)
    Q.push(F); // BUG: use-after-close
}

template <typename T> void forwardRemaining(BoundedQueue<T> &Q, Mailbox<T> &Box) {
  Box.close();
  while (auto Item = Q.pop())
    Box.post(*Item); // BUG: use-after-close
}

void stop(Mailbox<std::string> &Box, bool FlushFailed) {
  Box.post("shutdown");
  Box.close();
  if (FlushFailed)
    Box.close(); // BUG: double-close
}

int main() {
  BoundedQueue<Job> Q(64);
  enqueueAll(Q, {{"resize", 0}, {"__end__", 0}, {"thumbnail", 0}});
  BoundedQueue<Job> Retry(16);
  Retry.push({"upload", 1});
  requeueFailed(Retry, std::vector<Job>{{"upload", 2}});
  BoundedQueue<std::string> Names(8);
  Names.push("leftover");
  Mailbox<std::string> Sink;
  forwardRemaining(Names, Sink);
  Mailbox<std::string> Box;
  stop(Box, true);
  return 0;
}
