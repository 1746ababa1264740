// Telemetry agent: two background workers, each started in start() and
// stopped in stop(), each send on its own UploadChannel, which the worker's
// lambda co-owns with the agent through a shared_ptr copy.
// SampleUploader::stop() closes the channel before it tells the worker to stop
// and joins it, so the worker can still be inside its loop and send on the
// closed channel (the exception terminates the process).
// HealthPinger::stop() joins its worker first and closes afterwards.
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

// Thread-safe upload channel. send() throws std::runtime_error once close()
// has run; close() is idempotent.
class UploadChannel {
public:
  explicit UploadChannel(std::string url) : url_(std::move(url)) {}
  void send(const std::string &payload) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("upload channel closed: " + url_);
    bytes_ += payload.size();
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  std::string url_;
  size_t bytes_ = 0;
  bool closed_ = false;
};

static std::string readCpuSample() { return "{\"cpu\":0.42}"; }

class SampleUploader {
public:
  explicit SampleUploader(std::shared_ptr<UploadChannel> ch) : channel_(std::move(ch)) {}

  void start() {
    worker_ = std::thread([this, ch = channel_] {
      while (!stopping_.load()) {
        ch->send(readCpuSample()); // BUG: use-after-close #upload_race
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    });
  }

  void stop() {
    channel_->close(); // SAME: upload_race
    stopping_.store(true);
    if (worker_.joinable())
      worker_.join();
  }

private:
  std::shared_ptr<UploadChannel> channel_;
  std::atomic<bool> stopping_{false};
  std::thread worker_;
};

class HealthPinger {
public:
  explicit HealthPinger(std::shared_ptr<UploadChannel> ch) : channel_(std::move(ch)) {}

  void start() {
    worker_ = std::thread([this, ch = channel_] {
      int seq = 0;
      while (!stopping_.load()) {
        ch->send("ping " + std::to_string(seq++)); // OK: stop() joins this thread before closing
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    });
  }

  void stop() {
    stopping_.store(true);
    if (worker_.joinable())
      worker_.join();
    channel_->close(); // OK: the worker has been joined, nothing races with this close
  }

private:
  std::shared_ptr<UploadChannel> channel_;
  std::atomic<bool> stopping_{false};
  std::thread worker_;
};

int main() {
  auto samples = std::make_shared<UploadChannel>("https://telemetry.internal/samples");
  auto health = std::make_shared<UploadChannel>("https://telemetry.internal/health");
  SampleUploader uploader(samples);
  HealthPinger pinger(health);
  uploader.start();
  pinger.start();

  std::this_thread::sleep_for(std::chrono::seconds(2));

  pinger.stop();
  uploader.stop();
  std::cout << "telemetry agent stopped\n";
  return 0;
}
