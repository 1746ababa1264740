// Bounded channels and a two-stage pipeline for a log-processing agent.
// BoundedChannel<T> semantics (implemented below): push() blocks while the
// channel is full and throws std::runtime_error("channel closed") once the
// channel is closed; pop() keeps returning buffered items after close() and
// then std::nullopt; close() twice throws std::logic_error("channel already
// closed"). Instantiated with std::string (log lines), Job (parsed records)
// and int (sequence numbers).
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename T> class BoundedChannel {
public:
  explicit BoundedChannel(size_t Capacity) : Capacity(Capacity) {}

  void push(T Value) {
    std::unique_lock<std::mutex> Lock(Mu);
    NotFull.wait(Lock, [this] { return Closed || Items.size() < Capacity; });
    if (Closed)
      throw std::runtime_error("channel closed");
    Items.push_back(std::move(Value));
    NotEmpty.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> Lock(Mu);
    NotEmpty.wait(Lock, [this] { return Closed || !Items.empty(); });
    if (Items.empty())
      return std::nullopt;
    T Value = std::move(Items.front());
    Items.pop_front();
    NotFull.notify_one();
    return Value;
  }

  void close() {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Closed)
      throw std::logic_error("channel already closed");
    Closed = true;
    NotEmpty.notify_all();
    NotFull.notify_all();
  }

private:
  size_t Capacity;
  std::mutex Mu;
  std::condition_variable NotEmpty, NotFull;
  std::deque<T> Items;
  bool Closed = false;
};

struct Job {
  std::string Source;
  std::string Text;
};

// Tails a log and hands lines to a consumer that only needs the first Limit
// lines. Defect: the consumer closes the channel while the tailer thread is
// still pushing, so the tailer's next push throws.
size_t headOfLog(const std::vector<std::string> &Log, size_t Limit) {
  BoundedChannel<std::string> Lines(16);
  std::thread Tailer([&Lines, &Log] {
    for (const std::string &L : Log)
      Lines.push(L); // BUG: use-after-close #head
  });
  size_t Seen = 0;
  while (auto Line = Lines.pop()) {
    if (++Seen == Limit) {
      Lines.close(); // SAME: head
      break;
    }
  }
  Tailer.join();
  return Seen;
}

template <typename In> class Pipeline {
public:
  Pipeline() : Input(64) {
    Worker = std::thread([this] {
      while (auto Item = Input.pop()) // OK: pop() after close() drains, then ends the loop
        ++Processed;
    });
  }
  // Defect: the destructor closes the input unconditionally, but stop() has
  // usually closed it already.
  ~Pipeline() {
    Input.close(); // SAME: pipe
    if (Worker.joinable())
      Worker.join();
  }

  void submit(In Item) { Input.push(std::move(Item)); } // OK: every submit() in this file precedes stop()

  void stop() {
    Input.close();
    Worker.join();
  }

  size_t processed() const { return Processed; }

private:
  BoundedChannel<In> Input;
  std::thread Worker;
  size_t Processed = 0;
};

// Sequence numbers are published on a channel that is replaced when the
// consumer restarts. Defect: the publisher kept the shared_ptr it got before
// the restart and keeps pushing into the closed channel.
class SequenceFeed {
public:
  SequenceFeed() : Current(std::make_shared<BoundedChannel<int>>(128)) {}
  std::shared_ptr<BoundedChannel<int>> channel() const { return Current; }
  void restartConsumer() {
    Current->close();
    Current = std::make_shared<BoundedChannel<int>>(128);
  }

private:
  std::shared_ptr<BoundedChannel<int>> Current;
};

void runPipeline() {
  Pipeline<Job> Jobs;
  Jobs.submit({"nginx", "GET / 200"});
  Jobs.submit({"nginx", "GET /favicon.ico 404"}); // OK
  Jobs.stop();
  std::printf("processed %zu\n", Jobs.processed());
} // BUG: double-close #pipe

void runSequenceFeed() {
  SequenceFeed Feed;
  std::shared_ptr<BoundedChannel<int>> Out = Feed.channel();
  for (int Seq = 0; Seq < 10; ++Seq)
    Out->push(Seq); // OK: before the restart
  Feed.restartConsumer();
  Feed.channel()->push(10); // OK: the new channel returned after the restart
  Out->push(11); // BUG: use-after-close
}

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "head";
  if (Mode == "head") {
    std::vector<std::string> Log(200, "GET /index.html 200");
    std::printf("head: %zu\n", headOfLog(Log, 10));
  } else if (Mode == "pipeline") {
    runPipeline();
  } else if (Mode == "seq") {
    runSequenceFeed();
  }
  return 0;
}
