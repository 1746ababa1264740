// Minimal actor runtime of a device-management service. Mailbox is the
// runtime's own message queue: send() throws std::runtime_error("mailbox
// closed") once closed; receive() keeps returning queued messages after
// close() and then std::nullopt; close() a second time is a programming error
// and throws std::logic_error("mailbox closed twice"). A Supervisor owns the
// actors and a monitor thread that pings them; a JobRunner runs blocking jobs
// and delivers completions from the main event loop.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class Mailbox {
public:
  void send(std::string Msg) {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Closed)
      throw std::runtime_error("mailbox closed");
    Queue.push_back(std::move(Msg));
    Cv.notify_one();
  }
  std::optional<std::string> receive() {
    std::unique_lock<std::mutex> Lock(Mu);
    Cv.wait(Lock, [this] { return Closed || !Queue.empty(); });
    if (Queue.empty())
      return std::nullopt;
    std::string Msg = std::move(Queue.front());
    Queue.pop_front();
    return Msg;
  }
  void close() {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Closed)
      throw std::logic_error("mailbox closed twice");
    Closed = true;
    Cv.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> Lock(Mu);
    return Closed;
  }

private:
  mutable std::mutex Mu;
  std::condition_variable Cv;
  std::deque<std::string> Queue;
  bool Closed = false;
};

class Actor {
public:
  explicit Actor(std::string Name) : Name(std::move(Name)) {
    Worker = std::thread([this] {
      while (auto Msg = Box.receive()) // OK: receive() drains after close() and then ends the loop
        ++Handled;
    });
  }
  ~Actor() {
    if (!Box.closed())
      Box.close(); // OK: guarded; a single thread destroys the actor
    if (Worker.joinable())
      Worker.join();
  }
  Mailbox &mailbox() { return Box; }
  void join() {
    if (Worker.joinable())
      Worker.join();
  }

private:
  std::string Name;
  Mailbox Box;
  std::atomic<int> Handled{0};
  std::thread Worker;
};

class Supervisor {
public:
  std::shared_ptr<Actor> spawn(const std::string &Name) {
    Actors.push_back(std::make_shared<Actor>(Name));
    return Actors.back();
  }

  void startMonitor() {
    Monitoring = true;
    Monitor = std::thread([this] {
      while (Monitoring) {
        for (auto &A : Actors)
          A->mailbox().send("ping"); // BUG: use-after-close #ping
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
  }

  // Defect: the actors' mailboxes are closed before the monitor thread is
  // stopped, so a ping already in flight hits a closed mailbox.
  void shutdown() {
    for (auto &A : Actors) {
      if (!A->mailbox().closed())
        A->mailbox().close(); // SAME: ping
      A->join();
    }
    Monitoring = false;
    if (Monitor.joinable())
      Monitor.join();
  }

private:
  std::vector<std::shared_ptr<Actor>> Actors;
  std::thread Monitor;
  std::atomic<bool> Monitoring{false};
};

// submit() runs a blocking job on the calling worker thread and queues its
// completion; runPending() delivers completions on the event-loop thread.
class JobRunner {
public:
  void submit(std::function<std::string()> Job, std::function<void(std::string)> Done) {
    std::string Result = Job();
    std::lock_guard<std::mutex> Lock(Mu);
    Completions.push_back([Done, Result] { Done(Result); });
  }
  void runPending() {
    std::deque<std::function<void()>> Ready;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      Ready.swap(Completions);
    }
    for (auto &C : Ready)
      C();
  }

private:
  std::mutex Mu;
  std::deque<std::function<void()>> Completions;
};

// Request/reply: the scan job streams its result into a private reply
// mailbox and closes it to mark the end of the stream.
void collectScan() {
  auto Reply = std::make_shared<Mailbox>();
  std::thread Scan([Reply] {
    Reply->send("device-17 online"); // OK: the reply mailbox is closed only after these sends
    Reply->send("device-18 offline");
    Reply->close();
  });
  while (auto Line = Reply->receive()) // OK: receive() ends with nullopt after close()
    std::printf("%s\n", Line->c_str());
  Scan.join();
  Reply->close(); // BUG: double-close
}

int main() {
  Supervisor Sup;
  JobRunner Runner;
  auto Firmware = Sup.spawn("firmware");
  Sup.spawn("inventory");
  Sup.startMonitor();

  Firmware->mailbox().send("check-updates"); // OK: the firmware actor is running
  Runner.submit([] { return std::string("fw-2.4.1"); },
                [Firmware](std::string Version) {
                  Firmware->mailbox().send("update-available " + Version); // SAME: fwcallback
                });

  try {
    collectScan();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "scan: %s\n", E.what());
  }

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  Sup.shutdown();
  Runner.runPending(); // BUG: use-after-close #fwcallback
  return 0;
}
