// Maritime AIS receiver. Decoded vessel position reports travel from a
// decoder thread to a plotter thread through a Channel<Msg> template.
// Channel semantics: send() throws std::runtime_error once closed; receive()
// drains queued messages after close() and returns std::nullopt when closed
// and empty; close() called twice throws std::logic_error.
// Defects: AisGateway::stop() closes the channel while the decoder thread is
// still decoding and sending (the decoder is only joined afterwards), a race
// between close() and send(). The coast-guard relay does it in the right
// order: it joins its producer before closing.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace ais {

template <typename Msg> class Channel {
public:
  void send(Msg m) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("send on closed channel");
    q_.push_back(std::move(m));
    cv_.notify_one();
  }
  std::optional<Msg> receive() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !q_.empty(); });
    if (q_.empty())
      return std::nullopt;
    Msg m = std::move(q_.front());
    q_.pop_front();
    return m;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("channel closed twice");
    closed_ = true;
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Msg> q_;
  bool closed_ = false;
};

struct PositionReport {
  unsigned mmsi;
  double lat, lon;
  double speedKnots;
};

static PositionReport decode(const std::string &nmea) {
  // A real decoder unpacks the 6-bit payload; the fields are faked here.
  return {static_cast<unsigned>(nmea.size()) * 1000u, 59.3, 18.1, 12.5};
}

class AisGateway {
public:
  explicit AisGateway(std::vector<std::string> sentences) : sentences_(std::move(sentences)) {}

  void start() {
    decoder_ = std::thread([this] {
      for (const auto &s : sentences_) {
        if (stopRequested_)
          break;
        reports_.send(decode(s)); // BUG: use-after-close #decoder_race
      }
    });
    plotter_ = std::thread([this] {
      while (auto r = reports_.receive()) // OK: receive() drains after close
        plotted_ += r->speedKnots > 0 ? 1 : 0;
    });
  }

  void stop() {
    stopRequested_ = true;
    reports_.close(); // SAME: decoder_race
    decoder_.join();
    plotter_.join();
  }

  int plotted() const { return plotted_; }

private:
  std::vector<std::string> sentences_;
  Channel<PositionReport> reports_;
  std::atomic<bool> stopRequested_{false};
  std::atomic<int> plotted_{0};
  std::thread decoder_, plotter_;
};

class CoastGuardRelay {
public:
  void run(const std::vector<std::string> &sentences) {
    std::thread producer([&] {
      for (const auto &s : sentences)
        alerts_.send(decode(s)); // OK: the channel is closed only after join()
    });
    std::thread forwarder([&] {
      while (auto r = alerts_.receive())
        if (r->speedKnots > 30.0)
          ++fastVessels_;
    });
    producer.join();
    alerts_.close();
    forwarder.join();
  }

  int fastVessels() const { return fastVessels_; }

private:
  Channel<PositionReport> alerts_;
  int fastVessels_ = 0;
};

} // namespace ais

int monitorStrait(const std::vector<std::string> &sentences) {
  ais::AisGateway gateway(sentences);
  gateway.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  gateway.stop();

  ais::CoastGuardRelay relay;
  relay.run(sentences);
  return gateway.plotted() + relay.fastVessels();
}
