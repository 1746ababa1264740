// Market data feed handler: one FeedConnection to the exchange is shared by a
// reader thread (pulls ticks), a heartbeat thread, and the control thread that
// requests order books and calls stop().
// FeedConnection is not thread-safe: callers are meant to hold
// FeedHandler::connMutex_. poll(), sendHeartbeat() and requestBook() throw
// std::runtime_error once the connection is closed; a second close() throws
// std::logic_error (the exchange session slot would be released twice).
#include <atomic>
#include <chrono>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

struct Tick {
  long seq;
  double price;
};

class FeedConnection {
public:
  std::optional<Tick> poll() {
    if (closed_)
      throw std::runtime_error("feed closed: poll");
    ++seq_;
    return Tick{seq_, 100.0 + static_cast<double>(seq_ % 13) / 100.0};
  }
  void sendHeartbeat() {
    if (closed_)
      throw std::runtime_error("feed closed: heartbeat");
    ++heartbeats_;
  }
  void requestBook(const std::string &symbol) {
    if (closed_)
      throw std::runtime_error("feed closed: book request for " + symbol);
  }
  void close() {
    if (closed_)
      throw std::logic_error("exchange session released twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  long seq_ = 0;
  long heartbeats_ = 0;
  bool closed_ = false;
};

class FeedHandler {
public:
  ~FeedHandler() {
    std::lock_guard<std::mutex> lock(connMutex_);
    conn_.close(); // SAME: dtorclose
  }
  void start() {
    reader_ = std::thread([this] { readLoop(); });
    heartbeat_ = std::thread([this] { heartbeatLoop(); });
  }
  void stop() {
    stopping_ = true;
    {
      std::lock_guard<std::mutex> lock(connMutex_);
      if (!conn_.closed())
        conn_.close(); // SAME: hbrace
    }
    reader_.join();
    heartbeat_.join();
  }
  void requestSnapshot(const std::string &symbol) {
    std::lock_guard<std::mutex> lock(connMutex_);
    if (conn_.closed())
      return;
    conn_.requestBook(symbol); // OK: closed() checked under the mutex every close holds
  }
  // Used by the risk desk: "the handler is always running when they call".
  void requestBookNow(const std::string &symbol) {
    std::lock_guard<std::mutex> lock(connMutex_);
    conn_.requestBook(symbol); // SAME: afterstop
  }
  long lastSeq() const { return lastSeq_; }

private:
  void readLoop() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(connMutex_);
        if (conn_.closed())
          return;
        if (auto t = conn_.poll()) // OK: closed() checked in the same critical section
          lastSeq_ = t->seq;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  void heartbeatLoop() {
    while (!stopping_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      if (stopping_)
        break;
      conn_.sendHeartbeat(); // BUG: use-after-close #hbrace
    }
  }

  std::mutex connMutex_;
  FeedConnection conn_;
  std::atomic<bool> stopping_{false};
  std::atomic<long> lastSeq_{0};
  std::thread reader_, heartbeat_;
};

int main() {
  {
    FeedHandler feed;
    feed.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    feed.requestSnapshot("AAPL");
    feed.stop();
    std::cout << "last seq " << feed.lastSeq() << "\n";
    feed.requestSnapshot("MSFT"); // OK: requestSnapshot() sees closed() and returns
    try {
      feed.requestBookNow("TSLA"); // BUG: use-after-close #afterstop
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
    }
  } // BUG: double-close #dtorclose
  return 0;
}
