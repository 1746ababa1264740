// Ingest pipeline of a log collector: a reader thread pushes records into a
// RecordQueue (defined below) and a writer thread pops them into the sink.
// Two pipelines share the queue class: the live Ingest pipeline and the
// Backfill pipeline that replays archived files. Both are started with
// start() and stopped with stop() from the control thread.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace collector {

// RecordQueue: push() throws std::runtime_error("queue closed") once close()
// was called. pop() blocks until a record is available; after close() it
// still returns the records that are left and then std::nullopt. close() is
// idempotent (an atomic exchange on the closed flag).
class RecordQueue {
public:
  void push(std::string Rec);
  std::optional<std::string> pop();
  void close();

private:
  std::atomic<bool> Closed{false};
  std::mutex Mu;
  std::condition_variable NotEmpty;
  std::deque<std::string> Items;
};

void RecordQueue::push(std::string Rec) {
  std::lock_guard<std::mutex> Lock(Mu);
  if (Closed.load())
    throw std::runtime_error("queue closed");
  Items.push_back(std::move(Rec));
  NotEmpty.notify_one();
}

std::optional<std::string> RecordQueue::pop() {
  std::unique_lock<std::mutex> Lock(Mu);
  NotEmpty.wait(Lock, [this] { return Closed.load() || !Items.empty(); });
  if (Items.empty())
    return std::nullopt;
  std::string Rec = std::move(Items.front());
  Items.pop_front();
  return Rec;
}

void RecordQueue::close() {
  std::lock_guard<std::mutex> Lock(Mu);
  if (Closed.exchange(true))
    return;
  NotEmpty.notify_all();
}

using Reader = std::function<std::optional<std::string>()>;
using Sink = std::function<void(const std::string &)>;

class Ingest {
public:
  Ingest(Reader R, Sink S) : Read(std::move(R)), Write(std::move(S)) {}
  void start();
  void stop();

private:
  void readerLoop();
  void writerLoop();

  Reader Read;
  Sink Write;
  RecordQueue Queue;
  std::atomic<bool> Running{false};
  std::thread ReaderThread, WriterThread;
};

void Ingest::start() {
  Running = true;
  ReaderThread = std::thread([this] { readerLoop(); });
  WriterThread = std::thread([this] { writerLoop(); });
}

void Ingest::readerLoop() {
  while (Running.load()) {
    if (std::optional<std::string> Rec = Read())
      Queue.push(std::move(*Rec)); // BUG: use-after-close #stop_race
  }
}

void Ingest::writerLoop() {
  while (std::optional<std::string> Rec = Queue.pop()) // OK: pop() drains after close
    Write(*Rec);
}

void Ingest::stop() {
  Running = false;
  Queue.close(); // SAME: stop_race
  ReaderThread.join();
  WriterThread.join();
}

class Backfill {
public:
  Backfill(Reader R, Sink S) : Read(std::move(R)), Write(std::move(S)) {}
  void start();
  void stop();

private:
  Reader Read;
  Sink Write;
  RecordQueue Queue;
  std::atomic<bool> Running{false};
  std::thread ReaderThread, WriterThread;
};

void Backfill::start() {
  Running = true;
  ReaderThread = std::thread([this] {
    while (Running.load()) {
      std::optional<std::string> Rec = Read();
      if (!Rec)
        break;
      Queue.push(std::move(*Rec)); // OK: stop() joins this thread before closing
    }
  });
  WriterThread = std::thread([this] {
    while (std::optional<std::string> Rec = Queue.pop())
      Write(*Rec);
  });
}

void Backfill::stop() {
  Running = false;
  ReaderThread.join();
  Queue.close();
  WriterThread.join();
}

} // namespace collector
