// Background flusher of a metrics agent: record() appends counters under a
// mutex, a flusher thread wakes every interval (or when asked) and writes the
// batch to a StatsdSink. StatsdSink wraps a UDP socket descriptor: write()
// returns false and sets an error once the sink is closed, close() releases
// the descriptor once.
//
// No BUG: the flusher checks the agent's Running flag under M, the same mutex
// stop() holds when it clears the flag; stop() then joins the flusher before
// it closes the sink, so no flush can race with the close. flushNow() writes
// under M after checking Running, and record() drops samples once stopped.
// The close in the destructor is skipped because stop() already ran.
#include <chrono>
#include <condition_variable>
#include <arpa/inet.h>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

class StatsdSink {
public:
  explicit StatsdSink(unsigned short Port) : Fd(::socket(AF_INET, SOCK_DGRAM, 0)) {
    sockaddr_in Addr{};
    Addr.sin_family = AF_INET;
    Addr.sin_port = htons(Port);
    Addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (Fd >= 0 && ::connect(Fd, reinterpret_cast<sockaddr *>(&Addr), sizeof Addr) != 0)
      close();
  }
  ~StatsdSink() { close(); } // a no-op once Fd is -1
  StatsdSink(const StatsdSink &) = delete;

  bool write(const std::string &Payload) {
    if (Fd < 0) {
      LastError = "statsd sink closed";
      return false;
    }
    return ::send(Fd, Payload.data(), Payload.size(), 0) >= 0;
  }
  void close() {
    if (Fd < 0)
      return;
    ::close(Fd);
    Fd = -1;
  }

private:
  int Fd;
  std::string LastError;
};

class MetricsAgent {
public:
  explicit MetricsAgent(std::chrono::milliseconds Interval)
      : Interval(Interval), Sink(8125), Flusher([this] { run(); }) {}
  ~MetricsAgent() { stop(); }

  void record(const std::string &Name, long Delta) {
    std::lock_guard<std::mutex> Lock(M);
    if (!Running)
      return;
    Counters[Name] += Delta;
  }

  bool flushNow() {
    std::lock_guard<std::mutex> Lock(M);
    if (!Running)
      return false;
    return flushLocked(); // OK: Running checked under M; the sink is closed only after stop()
  }

  void stop() {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (!Running)
        return;
      Running = false;
    }
    Wake.notify_all();
    Flusher.join();
    Sink.close(); // OK: the flusher was joined
  }

private:
  void run() {
    std::unique_lock<std::mutex> Lock(M);
    while (Running) {
      Wake.wait_for(Lock, Interval, [this] { return !Running; });
      flushLocked(); // OK: runs under M, and stop() joins this thread before closing the sink
    }
  }

  bool flushLocked() {
    std::string Batch;
    for (const auto &[Name, Value] : Counters)
      Batch += Name + ":" + std::to_string(Value) + "|c\n";
    Counters.clear();
    return Batch.empty() || Sink.write(Batch);
  }

  std::chrono::milliseconds Interval;
  std::mutex M;
  std::condition_variable Wake;
  std::map<std::string, long> Counters;
  bool Running = true;
  StatsdSink Sink;
  std::thread Flusher;
};

int main() {
  MetricsAgent Agent(std::chrono::milliseconds(200));
  Agent.record("api.requests", 1);
  Agent.record("api.errors", 0);
  Agent.flushNow();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  Agent.stop();
  Agent.record("api.requests", 1); // dropped: record() checks Running
  return 0;
}
