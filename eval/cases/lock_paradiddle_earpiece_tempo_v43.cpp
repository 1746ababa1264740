// Pipe-band practice: a click thread sends the tempo clicks (and the
// paradiddle accents) to the drummers' earpiece transmitter over a serial
// line (fd), while the pipe major's console changes the tempo and shows it on
// the transmitter's display, a second serial line shared with the console
// thread under a mutex. stop() ends the practice and closes both lines.
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace practice {

class EarpieceClicker {
public:
  EarpieceClicker(const std::string &txDev, const std::string &displayDev)
      : txFd_(::open(txDev.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC)),
        displayFd_(::open(displayDev.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC)) {}
  ~EarpieceClicker() { stop(); } // OK
  EarpieceClicker(const EarpieceClicker &) = delete;
  EarpieceClicker &operator=(const EarpieceClicker &) = delete;

  void start(int bpm) {
    setTempo(bpm);
    running_.store(true);
    worker_ = std::thread([this] { clickLoop(); });
  }

  void setTempo(int bpm) {
    bpm_.store(bpm);
    std::lock_guard<std::mutex> lock(displayMu_);
    if (displayFd_ < 0)
      return;
    const std::string text = "TEMPO " + std::to_string(bpm) + "\r";
    if (::write(displayFd_, text.data(), text.size()) < 0) // OK
      ::close(std::exchange(displayFd_, -1));
  }

  void stop() {
    if (stopped_.exchange(true))
      return;
    ::close(txFd_); // SAME: clickrace
    running_.store(false);
    if (worker_.joinable())
      worker_.join();
    std::lock_guard<std::mutex> lock(displayMu_);
    if (displayFd_ >= 0)
      ::close(std::exchange(displayFd_, -1));
  }

private:
  void clickLoop() {
    unsigned beat = 0;
    while (running_.load()) {
      // R L R R  L R L L: accents on the first note of each paradiddle
      const char click = (beat % 4 == 0) ? 'A' : 'c';
      ::write(txFd_, &click, 1); // BUG: use-after-close #clickrace
      ++beat;
      std::this_thread::sleep_for(std::chrono::milliseconds(60000 / (bpm_.load() * 4)));
    }
  }

  int txFd_;
  int displayFd_;
  std::mutex displayMu_;
  std::atomic<bool> running_{false};
  std::atomic<bool> stopped_{false};
  std::atomic<int> bpm_{80};
  std::thread worker_;
};

void bandPractice(EarpieceClicker &clicker) {
  clicker.start(76);
  std::this_thread::sleep_for(std::chrono::seconds(30));
  clicker.setTempo(84);
  std::this_thread::sleep_for(std::chrono::seconds(30));
  clicker.stop();
  clicker.setTempo(90); // OK
}

} // namespace practice
