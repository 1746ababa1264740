// Stage lift platforms of a theatre. Each platform is raised by four
// spindle-driven leadscrews; a PlatformDrive thread polls the drive controller
// for position over a serial descriptor, and a LeadscrewWearMonitor thread
// reads the nut-wear sensors over a second descriptor. Status lines from the
// cue operator are written to the drive controller under a mutex that also
// guards the drive's `open_` flag. A LiftPositionFeed thread publishes the
// platform height to the show-control Kafka topic. Each class stops its thread
// and closes its descriptor or producer in stop().
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <fcntl.h>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

#include "messaging.h"

class PlatformDrive {
public:
  explicit PlatformDrive(const char *dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("platform drive unreachable");
    open_ = true;
    poller_ = std::thread([this] { pollLoop(); });
  }
  ~PlatformDrive() { stop(); }

  void announce(const std::string &status) {
    std::lock_guard<std::mutex> lock(ioMutex_);
    if (!open_)
      return;
    ::write(fd_, status.data(), status.size()); // OK
  }

  void stop() {
    running_ = false;
    if (poller_.joinable())
      poller_.join();
    std::lock_guard<std::mutex> lock(ioMutex_);
    if (open_) {
      ::close(fd_); // OK
      open_ = false;
    }
  }

private:
  void pollLoop() {
    char reply[32];
    while (running_) {
      {
        std::lock_guard<std::mutex> lock(ioMutex_);
        ::write(fd_, "POS?\r", 5); // OK
        ::read(fd_, reply, sizeof reply);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }

  int fd_;
  bool open_ = false;
  std::mutex ioMutex_;
  std::atomic<bool> running_{true};
  std::thread poller_;
};

class LeadscrewWearMonitor {
public:
  explicit LeadscrewWearMonitor(const char *dev) : fd_(::open(dev, O_RDONLY | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("wear sensor bus unreachable");
    reader_ = std::thread([this] { readLoop(); });
  }
  ~LeadscrewWearMonitor() {
    if (reader_.joinable())
      reader_.join();
  }

  void stop() {
    running_ = false;
    ::close(fd_); // SAME: wear-reader
    reader_.join();
  }

  double worstWearMm() const { return worstMicrons_.load() / 1000.0; }

private:
  void readLoop() {
    char frame[16];
    while (running_) {
      ssize_t n = ::read(fd_, frame, sizeof frame); // BUG: use-after-close #wear-reader
      if (n <= 0)
        break;
      int microns = (static_cast<unsigned char>(frame[2]) << 8) | static_cast<unsigned char>(frame[3]);
      if (microns > worstMicrons_)
        worstMicrons_ = microns;
    }
  }

  int fd_;
  std::atomic<bool> running_{true};
  std::atomic<int> worstMicrons_{0};
  std::thread reader_;
};

class LiftPositionFeed {
public:
  explicit LiftPositionFeed(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)), publisher_([this] { publishLoop(); }) {}

  void stop() {
    producer_->flush();
    producer_->close(); // SAME: feed-publish
    running_ = false;
    publisher_.join();
  }
  void setHeight(int mm) { heightMm_ = mm; }

private:
  void publishLoop() {
    while (running_) {
      producer_->send({"stage.lift.height", std::to_string(heightMm_.load())}); // BUG: use-after-close #feed-publish
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::atomic<bool> running_{true};
  std::atomic<int> heightMm_{0};
  std::thread publisher_;
};

int main() {
  PlatformDrive downstage("/dev/ttyLIFT1");
  LeadscrewWearMonitor wear("/dev/ttyWEAR1");
  LiftPositionFeed feed("show-control:9092");
  downstage.announce("CUE 41 GO\r");
  feed.setHeight(-2400);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  wear.stop();
  feed.stop();
  downstage.stop();
  downstage.announce("CUE 41 DONE\r"); // OK
  std::printf("worst nut wear %.3f mm\n", wear.worstWearMm());
}
