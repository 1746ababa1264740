// Ride-hailing dispatch: a DriverSession shares one DispatchLink between a GPS
// uplink thread, a trip-offer thread and the API thread that ends the shift;
// a RiderChatRelay closes its link either when the rider hangs up (reader
// thread) or when the trip ends (API thread).
// DispatchLink semantics: send() and close() lock an internal mutex; send()
// throws std::runtime_error once closed; a second close() throws
// std::logic_error (the push channel would be deregistered twice).
// DriverSession::closed_ is guarded by linkMutex_; gpsMutex_ only protects the
// last GPS fix. RiderChatRelay::closed_ is an atomic flag of its own.
#include <atomic>
#include <chrono>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class DispatchLink {
public:
  explicit DispatchLink(std::string peer) : peer_(std::move(peer)) {}
  void send(const std::string &msg) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("dispatch link " + peer_ + " closed: " + msg);
    ++sent_;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("dispatch link " + peer_ + " closed twice");
    closed_ = true;
  }

private:
  std::mutex mu_;
  std::string peer_;
  long sent_ = 0;
  bool closed_ = false;
};

class DriverSession {
public:
  explicit DriverSession(const std::string &driver) : link_("driver/" + driver) {}
  void start() {
    gps_ = std::thread([this] { gpsLoop(); });
    offers_ = std::thread([this] { offerLoop(); });
  }
  void reportFix(double lat, double lon) {
    std::lock_guard<std::mutex> lock(gpsMutex_);
    lastFix_ = std::to_string(lat) + "," + std::to_string(lon);
  }
  void endShift() {
    shiftOver_ = true;
    {
      std::lock_guard<std::mutex> lock(linkMutex_);
      if (!closed_) {
        closed_ = true;
        link_.close(); // SAME: gpsrace
      }
    }
    if (gps_.joinable())
      gps_.join();
    if (offers_.joinable())
      offers_.join();
  }
  void notifyIfOnline(const std::string &msg) {
    std::lock_guard<std::mutex> lock(linkMutex_);
    if (!closed_)
      link_.send(msg); // OK: closed_ checked under linkMutex_
  }
  void sendReceipt(const std::string &fare) {
    std::lock_guard<std::mutex> lock(linkMutex_);
    link_.send("receipt " + fare); // SAME: receipt
  }

private:
  void gpsLoop() {
    while (!shiftOver_) {
      {
        std::lock_guard<std::mutex> lock(gpsMutex_);
        link_.send("fix " + lastFix_); // BUG: use-after-close #gpsrace
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  void offerLoop() {
    for (int i = 0;; ++i) {
      {
        std::lock_guard<std::mutex> lock(linkMutex_);
        if (closed_)
          return;
        link_.send("offer trip-" + std::to_string(i)); // OK: endShift() closes under the same linkMutex_
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
  }

  DispatchLink link_;
  std::mutex linkMutex_;
  bool closed_ = false;
  std::mutex gpsMutex_;
  std::string lastFix_ = "0,0";
  std::atomic<bool> shiftOver_{false};
  std::thread gps_, offers_;
};

class RiderChatRelay {
public:
  explicit RiderChatRelay(const std::string &trip) : link_("chat/" + trip) {}
  void start() {
    reader_ = std::thread([this] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      // The rider's app hung up.
      if (!closed_) {
        link_.close(); // BUG: double-close #chatrace
        closed_ = true;
      }
    });
  }
  void endTrip() {
    if (!closed_) {
      link_.close(); // SAME: chatrace
      closed_ = true;
    }
    reader_.join();
  }

private:
  DispatchLink link_;
  std::atomic<bool> closed_{false};
  std::thread reader_;
};

int main() {
  DriverSession session("d-4821");
  session.start();
  for (int i = 0; i < 20; ++i) {
    session.reportFix(52.52 + i * 0.0001, 13.40);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  session.endShift();
  session.endShift(); // OK: the second call sees closed_ and skips the close
  session.notifyIfOnline("rate your last rider"); // OK: skipped, the session is closed
  try {
    session.sendReceipt("EUR 14.20"); // BUG: use-after-close #receipt
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }

  RiderChatRelay chat("trip-99172");
  chat.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  chat.endTrip();
  return 0;
}
