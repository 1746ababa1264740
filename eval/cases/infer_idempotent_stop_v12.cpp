// Ingestion daemon with its own TaskRunner thread pool, a Tailer whose stop()
// is idempotent (an atomic exchange makes the second call return at once), and
// a Throttle whose resume() and poll() are no-ops after shutdown(). Negative:
// jobs that use the producer all finish before the producer is closed because
// drainAndJoin() joins the runner first; the repeated stop() calls and the
// resume()/poll() after shutdown() are harmless by the classes' own code.
#include "messaging.h"
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class TaskRunner {
public:
  void post(std::function<void()> Fn) {
    std::lock_guard<std::mutex> L(Mu);
    Threads.emplace_back(std::move(Fn));
  }
  void drainAndJoin() {
    std::lock_guard<std::mutex> L(Mu);
    for (std::thread &T : Threads)
      if (T.joinable())
        T.join();
    Threads.clear();
  }

private:
  std::mutex Mu;
  std::vector<std::thread> Threads;
};

class Tailer {
public:
  void stop() {
    if (Stopped.exchange(true))
      return;
    Lines.clear();
  }
  bool readLine(std::string &Out) {
    if (Stopped.load() || Lines.empty())
      return false;
    Out = Lines.back();
    Lines.pop_back();
    return true;
  }
  void feed(const std::string &L) { Lines.push_back(L); }

private:
  std::atomic<bool> Stopped{false};
  std::vector<std::string> Lines;
};

class Throttle {
public:
  void shutdown() { Down = true; }
  void resume() {
    if (Down)
      return;
    Tokens = 100;
  }
  bool poll() { return !Down && Tokens-- > 0; }

private:
  bool Down = false;
  int Tokens = 0;
};

void ingest(Tailer &T, Throttle &Th, const std::vector<std::string> &Batch) {
  kafka::KafkaProducer Producer("kafka-1:9092");
  TaskRunner Runner;
  for (const std::string &Row : Batch)
    Runner.post([&Producer, Row] { Producer.send({"ingest", Row}); }); // OK: joined before close
  std::string Line;
  while (T.readLine(Line))
    if (Th.poll())
      Runner.post([&Producer, Line] { Producer.send({"ingest", Line}); });
  Runner.drainAndJoin();
  Producer.flush();
  Producer.close();
}

int main() {
  Tailer T;
  Throttle Th;
  T.feed("GET /index.html 200");
  Th.resume();
  ingest(T, Th, {"boot", "config loaded"});
  T.stop();
  T.stop(); // OK: stop() is idempotent, the second call returns at once
  std::string Line;
  T.readLine(Line); // OK: readLine() reports false once stopped, it does not fail
  Th.shutdown();
  Th.resume(); // OK: resume() returns early after shutdown()
  if (Th.poll()) // OK: poll() just answers false after shutdown()
    return 1;
  return 0;
}
