// Tabla school: a ClickTrack thread sends the teental beat cycle to students'
// headsets through a BeatSocket (UDP), and an accent thread marks the sam.
// stop() sets stopped_ and closes the socket under mu_. The accent thread and
// set_tempo() check stopped_ while holding mu_ and are safe. The tick thread
// checks an atomic hint *before* taking mu_, so stop() can close the socket
// between the check and the beat; BolCaller reads its flag under one lock and
// sends under another, with the same gap.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

class BeatSocket {
 public:
  explicit BeatSocket(const sockaddr_in& dest) : dest_(dest), fd_(::socket(AF_INET, SOCK_DGRAM, 0)) {
    if (fd_ < 0) throw std::runtime_error("beat socket: socket failed");
  }
  void beat(int matra) {
    if (fd_ < 0) throw std::runtime_error("beat socket closed");
    unsigned char b = static_cast<unsigned char>(matra);
    ::sendto(fd_, &b, 1, 0, reinterpret_cast<const sockaddr*>(&dest_), sizeof dest_);
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  sockaddr_in dest_;
  int fd_;
};

class ClickTrack {
 public:
  explicit ClickTrack(const sockaddr_in& headsets) : sock_(headsets) {}
  void start() {
    ticker_ = std::thread([this] { tick_loop(); });
    accent_ = std::thread([this] { accent_loop(); });
  }
  void set_tempo(int bpm) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) return;
    bpm_ = bpm;
    sock_.beat(0);  // OK: stopped_ checked under mu_, which stop() holds while closing
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopped_ = true;
      stop_hint_.store(true);
      sock_.close();  // SAME: tick
    }
    if (ticker_.joinable()) ticker_.join();
    if (accent_.joinable()) accent_.join();
  }

 private:
  void tick_loop() {
    int matra = 1;
    while (!stop_hint_.load()) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        sock_.beat(matra);  // BUG: use-after-close #tick
      }
      matra = matra % 16 + 1;
      std::this_thread::sleep_for(std::chrono::milliseconds(60000 / current_bpm()));
    }
  }
  void accent_loop() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopped_) return;
        sock_.beat(100);  // OK: checked and sent under the same mutex as the close
      }
      std::this_thread::sleep_for(std::chrono::seconds(4));
    }
  }
  int current_bpm() {
    std::lock_guard<std::mutex> lk(mu_);
    return bpm_ > 0 ? bpm_ : 60;
  }

  std::mutex mu_;
  bool stopped_ = false;
  int bpm_ = 60;
  std::atomic<bool> stop_hint_{false};
  BeatSocket sock_;
  std::thread ticker_;
  std::thread accent_;
};

// Calls the bol syllables over the practice-room speakers. running() takes
// mu_ to read the flag, but the loop sends under a second, later lock, so
// stop() can set the flag and close the socket between the two.
class BolCaller {
 public:
  explicit BolCaller(const sockaddr_in& speakers) : sock_(speakers) {}
  void start() { caller_ = std::thread([this] { call_loop(); }); }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopped_ = true;
      sock_.close();  // SAME: bol
    }
    if (caller_.joinable()) caller_.join();
  }

 private:
  bool running() {
    std::lock_guard<std::mutex> lk(mu_);
    return !stopped_;
  }
  void call_loop() {
    static const int kBols[] = {1, 2, 2, 1};  // dha dhin dhin dha
    for (int i = 0; running(); ++i) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        sock_.beat(kBols[i % 4]);  // BUG: use-after-close #bol
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(750));
    }
  }

  std::mutex mu_;
  bool stopped_ = false;
  BeatSocket sock_;
  std::thread caller_;
};
