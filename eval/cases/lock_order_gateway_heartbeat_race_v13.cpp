// Order gateway with two threads on one ExchangeLink: a sender thread that
// drains the order queue, and a heartbeat thread. stop() sets the gateway's
// own Stopping flag and closes the link while holding the gateway mutex M,
// then wakes and joins the threads. ExchangeLink::submit() throws once the
// link is closed (an exception escaping a thread's function terminates the
// process).
//
// Bug: the heartbeat thread checks Stopping (an atomic, read without M) at
// the top of its loop, sleeps, and submits without re-checking: stop() can
// set the flag and close the link during the sleep, and the heartbeat then
// submits on the closed link.
// Correct: the sender checks Stopping under M and submits while still holding M,
// so stop() (which closes under M) cannot close in between; cancelAll() does
// the same from the caller's thread.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class ExchangeLink {
public:
  void submit(const std::string &Msg) {
    std::lock_guard<std::mutex> Lock(M);
    if (Closed)
      throw std::runtime_error("exchange link closed");
    std::cout << "-> " << Msg << "\n";
  }
  void close() {
    std::lock_guard<std::mutex> Lock(M);
    Closed = true;
  }

private:
  std::mutex M;
  bool Closed = false;
};

class OrderGateway {
public:
  OrderGateway()
      : Sender([this] { senderLoop(); }), Heartbeat([this] { heartbeatLoop(); }) {}
  ~OrderGateway() { stop(); }

  void enqueue(std::string Order) {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Stopping)
        throw std::runtime_error("gateway stopping");
      Queue.push_back(std::move(Order));
    }
    Wake.notify_one();
  }

  bool cancelAll() {
    std::lock_guard<std::mutex> Lock(M);
    if (Stopping)
      return false;
    Link.submit("CANCEL_ALL"); // OK: Stopping is checked under M, which stop() holds while closing
    return true;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Stopping)
        return;
      Stopping = true;
      Link.close(); // SAME: hb
    }
    Wake.notify_all();
    Sender.join();
    Heartbeat.join();
  }

private:
  void senderLoop() {
    std::unique_lock<std::mutex> Lock(M);
    for (;;) {
      Wake.wait(Lock, [this] { return Stopping || !Queue.empty(); });
      if (Stopping)
        return;
      Link.submit(Queue.front()); // OK: still holding M, checked Stopping under it
      Queue.pop_front();
    }
  }

  void heartbeatLoop() {
    while (!Stopping) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      Link.submit("HEARTBEAT"); // BUG: use-after-close #hb
    }
  }

  ExchangeLink Link;
  std::mutex M;
  std::condition_variable Wake;
  std::deque<std::string> Queue;
  std::atomic<bool> Stopping{false};
  std::thread Sender;
  std::thread Heartbeat;
};

int main() {
  OrderGateway Gw;
  Gw.enqueue("NEW AAPL 100 @189.50");
  Gw.enqueue("NEW MSFT 50 @411.00");
  std::this_thread::sleep_for(std::chrono::seconds(2));
  if (!Gw.cancelAll())
    std::cerr << "gateway already stopping\n";
  Gw.stop();
  return 0;
}
