// Satellite telemetry ground station. Frames decoded by the modem are queued;
// a downlink writer thread forwards each frame to mission control over a
// DownlinkChannel and archives it to a descriptor; a beacon thread sends a
// keepalive every two seconds.
// Negative case: shutdown() sets stopping_ under the queue mutex, wakes and
// joins the writer (which drains the queue first) before closing the channel
// and the archive; the beacon sends only while holding linkMu_ after checking
// linkClosed_, and shutdown() closes the channel and sets linkClosed_ in one
// critical section under linkMu_, so the beacon never sends on a closed link.
#include <arpa/inet.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

// Length-prefixed frames over a TCP socket. Not thread-safe by itself.
// send() throws std::runtime_error once closed; close() twice throws
// std::logic_error.
class DownlinkChannel {
public:
  explicit DownlinkChannel(int sock) : sock_(sock) {}
  void send(const std::string &frame) {
    if (sock_ < 0)
      throw std::runtime_error("downlink closed");
    std::uint32_t len = htonl(static_cast<std::uint32_t>(frame.size()));
    if (::write(sock_, &len, sizeof len) != sizeof len ||
        ::write(sock_, frame.data(), frame.size()) < 0)
      throw std::runtime_error("downlink write failed");
  }
  void close() {
    if (sock_ < 0)
      throw std::logic_error("downlink closed twice");
    ::close(sock_);
    sock_ = -1;
  }

private:
  int sock_;
};

class GroundStation {
public:
  GroundStation(int downlinkSock, int archiveFd)
      : channel_(downlinkSock), archiveFd_(archiveFd) {}

  void start() {
    writer_ = std::thread([this] { writerLoop(); });
    beacon_ = std::thread([this] { beaconLoop(); });
  }

  void onFrame(std::string frame) {
    std::lock_guard<std::mutex> lk(qMu_);
    if (stopping_)
      return; // late frames after loss of signal are dropped
    frames_.push_back(std::move(frame));
    qCv_.notify_one();
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(qMu_);
      stopping_ = true;
    }
    qCv_.notify_all();
    writer_.join();
    {
      std::lock_guard<std::mutex> lk(linkMu_);
      channel_.close(); // OK: writer joined, beacon checks linkClosed_ under linkMu_
      linkClosed_ = true;
    }
    beaconStop_ = true;
    beacon_.join();
    ::close(archiveFd_); // OK: only the joined writer wrote to it
  }

private:
  void writerLoop() {
    for (;;) {
      std::string frame;
      {
        std::unique_lock<std::mutex> lk(qMu_);
        qCv_.wait(lk, [this] { return stopping_ || !frames_.empty(); });
        if (frames_.empty())
          return; // stopping and drained
        frame = std::move(frames_.front());
        frames_.pop_front();
      }
      try {
        std::lock_guard<std::mutex> lk(linkMu_);
        channel_.send(frame); // OK: shutdown() joins this thread before close
      } catch (const std::runtime_error &) {
        ++dropped_; // mission control re-requests gaps from the archive
      }
      ::write(archiveFd_, frame.data(), frame.size()); // OK: closed after join
    }
  }

  void beaconLoop() {
    const std::string beacon = "BCN";
    while (!beaconStop_) {
      try {
        std::lock_guard<std::mutex> lk(linkMu_);
        if (linkClosed_)
          return;
        channel_.send(beacon); // OK: linkClosed_ checked under linkMu_
      } catch (const std::runtime_error &) {
        // a missed beacon is harmless; the next one follows in two seconds
      }
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  }

  DownlinkChannel channel_;
  int archiveFd_;
  std::mutex qMu_, linkMu_;
  std::condition_variable qCv_;
  std::deque<std::string> frames_;
  bool stopping_ = false;
  bool linkClosed_ = false;
  std::atomic<bool> beaconStop_{false};
  unsigned long dropped_ = 0;
  std::thread writer_, beacon_;
};

void runPass(int downlinkSock, int archiveFd, int modemFd) {
  GroundStation station(downlinkSock, archiveFd);
  station.start();
  char buf[1024];
  ssize_t n;
  while ((n = ::read(modemFd, buf, sizeof buf)) > 0)
    station.onFrame(std::string(buf, static_cast<std::size_t>(n)));
  station.shutdown();
}
