// Two-stage market-data pipeline built on a small Go-style Channel<T>: the
// feed thread parses quote lines into Parsed, a pricer thread computes mids
// into Priced, and the caller drains Priced; a recorder session mirrors the
// live quotes through a forwarder thread. Channel<T>::push() throws
// "push on closed channel"; pop() keeps returning buffered items after
// close() and then std::nullopt; close() is idempotent.
//
// Bug (runPipeline): a malformed line closes Parsed and breaks out of the
// loop, but the end-of-batch marker is pushed after the loop on every path;
// on the malformed path it is pushed on the closed channel and throws.
// Bug (recordSession): the session closes Recorder before Live; the mirror
// thread may still be forwarding buffered quotes from Live and pushes them on
// the closed Recorder, which throws on that thread and terminates the process.
// Correct: the pricer pushes into Priced, which is closed only after the pricer
// was joined; the second Parsed.close() is harmless; popping after close()
// drains what is buffered.
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename T> class Channel {
public:
  void push(T Value) {
    std::lock_guard<std::mutex> Lock(M);
    if (Closed)
      throw std::runtime_error("push on closed channel");
    Items.push_back(std::move(Value));
    Ready.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> Lock(M);
    Ready.wait(Lock, [this] { return Closed || !Items.empty(); });
    if (Items.empty())
      return std::nullopt;
    T Value = std::move(Items.front());
    Items.pop_front();
    return Value;
  }

  void close() {
    std::lock_guard<std::mutex> Lock(M);
    Closed = true;
    Ready.notify_all();
  }

private:
  std::mutex M;
  std::condition_variable Ready;
  std::deque<T> Items;
  bool Closed = false;
};

struct Quote {
  std::string Symbol;
  double Bid = 0, Ask = 0, Mid = 0;
  bool EndOfBatch = false;
  static Quote endOfBatch() {
    Quote Q;
    Q.EndOfBatch = true;
    return Q;
  }
};

std::optional<Quote> parseQuote(const std::string &Line) {
  std::istringstream In(Line);
  Quote Q;
  if (!(In >> Q.Symbol >> Q.Bid >> Q.Ask) || Q.Ask < Q.Bid)
    return std::nullopt;
  return Q;
}

int runPipeline(const std::vector<std::string> &Lines) {
  Channel<Quote> Parsed;
  Channel<Quote> Priced;

  std::thread Pricer([&] {
    while (std::optional<Quote> Q = Parsed.pop()) {
      if (!Q->EndOfBatch)
        Q->Mid = (Q->Bid + Q->Ask) / 2;
      Priced.push(*Q); // OK: Priced is closed only after Pricer.join()
    }
  });

  for (const std::string &Line : Lines) {
    std::optional<Quote> Q = parseQuote(Line);
    if (!Q) {
      std::cerr << "malformed quote line, stopping feed: " << Line << "\n";
      Parsed.close();
      break;
    }
    Parsed.push(*Q);
  }
  Parsed.push(Quote::endOfBatch()); // BUG: use-after-close
  Parsed.close(); // OK: close() is idempotent
  Pricer.join();
  Priced.close();

  int Published = 0;
  while (std::optional<Quote> Q = Priced.pop()) { // pop() drains after close()
    if (Q->EndOfBatch)
      break;
    std::cout << Q->Symbol << " mid " << Q->Mid << "\n";
    ++Published;
  }
  return Published;
}

// Copies every item of From into To until From is closed and drained.
template <typename T> std::thread startForwarder(Channel<T> &From, Channel<T> &To) {
  return std::thread([&From, &To] {
    while (std::optional<T> V = From.pop())
      To.push(std::move(*V)); // BUG: use-after-close #order
  });
}

// Mirrors the live quotes to the tick recorder for one session.
void recordSession(const std::vector<std::string> &Lines) {
  Channel<Quote> Live;
  Channel<Quote> Recorder;
  std::thread Mirror = startForwarder(Live, Recorder);
  for (const std::string &Line : Lines)
    if (std::optional<Quote> Q = parseQuote(Line))
      Live.push(*Q);
  Recorder.close(); // SAME: order
  Live.close();
  Mirror.join();
  while (std::optional<Quote> Q = Recorder.pop())
    std::cout << "recorded " << Q->Symbol << "\n";
}

int main(int argc, char **argv) {
  std::vector<std::string> Lines;
  for (std::string L; std::getline(std::cin, L);)
    Lines.push_back(L);
  if (argc > 1 && std::string(argv[1]) == "record") {
    recordSession(Lines);
    return 0;
  }
  return runPipeline(Lines) > 0 ? 0 : 1;
}
