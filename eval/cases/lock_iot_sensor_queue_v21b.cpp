// IoT sensor gateway: a sampler thread pushes readings into a BlockingQueue
// and a forwarder thread pops them and sends them upstream over a
// net::Connection (send()/flush() throw "connection closed" once closed;
// close() is idempotent). BlockingQueue::push() returns false once the queue
// is closed, pop() drains what is left and then returns std::nullopt; close()
// is idempotent. stop() closes the queue, joins the forwarder and only then
// closes the uplink. powerLoss() tears the uplink down first and joins later:
// the forwarder keeps sending the readings still queued on the closed uplink.
#include <netconn.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace iot {

template <typename T> class BlockingQueue {
public:
  bool push(T v) {
    {
      std::lock_guard<std::mutex> g(mu_);
      if (closed_)
        return false;
      items_.push_back(std::move(v));
    }
    cv_.notify_one();
    return true;
  }
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }
  void close() {
    {
      std::lock_guard<std::mutex> g(mu_);
      closed_ = true;
    }
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct Reading {
  std::string sensor;
  double value;
};

static Reading sample(int n) { return {"soil-moisture-" + std::to_string(n % 4), 0.31 + n * 0.001}; }

class SensorGateway {
public:
  explicit SensorGateway(const std::string &endpoint) : uplink_(endpoint) {}

  void start() {
    sampler_ = std::thread([this] {
      for (int n = 0; sampling_; ++n) {
        if (!queue_.push(sample(n))) // OK: push() reports a closed queue by returning false
          break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
    forwarder_ = std::thread([this] {
      while (std::optional<Reading> r = queue_.pop())
        uplink_.send(r->sensor + "=" + std::to_string(r->value)); // BUG: use-after-close #fwdrace
    });
  }

  // Orderly stop: producers first, then the queue, then the uplink.
  void stop() {
    sampling_ = false;
    sampler_.join();
    queue_.close();
    forwarder_.join();
    uplink_.send("gateway going offline"); // OK: forwarder joined, uplink still open
    uplink_.flush();
    uplink_.close();
  }

  // Brown-out handler: the modem is losing power, drop the link first.
  void powerLoss() {
    uplink_.close(); // SAME: fwdrace
    sampling_ = false;
    queue_.close();
    sampler_.join();
    forwarder_.join();
  }

private:
  BlockingQueue<Reading> queue_;
  net::Connection uplink_;
  std::thread sampler_, forwarder_;
  std::atomic<bool> sampling_{true};
};

} // namespace iot

int main(int argc, char **) {
  iot::SensorGateway gw("mqtt-bridge.farm.local:8883");
  gw.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  if (argc > 1)
    gw.powerLoss();
  else
    gw.stop();
  return 0;
}
