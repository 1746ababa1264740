// Write-behind cache flusher: a worker thread drains dirty keys to a
// kafka::KafkaProducer, and a second worker appends audit lines to a FILE*.
// Each worker checks its own stopping flag while holding the mutex that
// close() holds when it sets the flag and closes, and it keeps holding that
// mutex through the send/write. Negative: the check and the use are one
// critical section, so the close can only come entirely before it (the worker
// sees Stopping and leaves) or entirely after it.
#include "messaging.h"
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

class CacheFlusher {
public:
  CacheFlusher() : Producer("kafka-1:9092"), Worker([this] { run(); }) {}
  void markDirty(std::string Key) {
    std::lock_guard<std::mutex> L(Mu);
    Dirty.push_back(std::move(Key));
    Cv.notify_one();
  }
  void close() {
    {
      std::lock_guard<std::mutex> L(Mu);
      Stopping = true;
      Producer.flush();
      Producer.close(); // OK: serialized with run()'s check-and-send by Mu
    }
    Cv.notify_all();
    Worker.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> L(Mu);
    for (;;) {
      Cv.wait(L, [this] { return Stopping || !Dirty.empty(); });
      if (Stopping)
        return;
      Producer.send({"cache-writeback", Dirty.front()}); // OK: still under Mu, Stopping was false
      Dirty.pop_front();
    }
  }
  std::mutex Mu;
  std::condition_variable Cv;
  std::deque<std::string> Dirty;
  bool Stopping = false;
  kafka::KafkaProducer Producer;
  std::thread Worker;
};

class AuditWriter {
public:
  explicit AuditWriter(const char *Path)
      : Fp(std::fopen(Path, "a")), Worker([this] { run(); }) {}
  void close() {
    std::lock_guard<std::mutex> L(Mu);
    if (Closed)
      return;
    Closed = true;
    if (Fp)
      std::fclose(Fp);
  }
  ~AuditWriter() {
    close(); // OK: idempotent, returns early if close() already ran
    Worker.join();
  }

private:
  void run() {
    for (int Tick = 0; Tick < 50; ++Tick) {
      std::lock_guard<std::mutex> L(Mu);
      if (Closed || !Fp)
        return;
      std::fprintf(Fp, "tick %d\n", Tick); // OK: the check and the write hold Mu together
    }
  }
  std::mutex Mu;
  bool Closed = false;
  FILE *Fp;
  std::thread Worker;
};

int main() {
  AuditWriter Audit("/tmp/audit.log");
  CacheFlusher Flusher;
  Flusher.markDirty("user:42");
  Flusher.markDirty("user:43");
  Flusher.close();
  Audit.close();
  return 0;
}
