// Block crane rigging at a marble works. The sling tackle carries a load cell
// on the hook and, for long blocks, a second one on the spreader beam; both are
// LoadCellLinks kept in std::optional members and replaced with reset() /
// emplace() when a cell is swapped. The crane talks to the yard office over a
// radio modem descriptor that is retuned when the channel is jammed (the member
// is set to -1 whenever it is closed). LoadCellLink::readKg() throws once the
// link is closed.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class LoadCellLink {
public:
  explicit LoadCellLink(const std::string &dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("load cell " + dev + " not answering");
  }
  ~LoadCellLink() { close(); }
  LoadCellLink(const LoadCellLink &) = delete;
  LoadCellLink &operator=(const LoadCellLink &) = delete;

  double readKg() {
    if (fd_ < 0)
      throw std::runtime_error("load cell link closed");
    char buf[24] = {};
    ::write(fd_, "W?\r", 3);
    ::read(fd_, buf, sizeof buf - 1);
    return std::atof(buf);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class BlockCraneRig {
public:
  explicit BlockCraneRig(const std::string &hookDev) { hookCell_.emplace(hookDev); }
  ~BlockCraneRig() {
    if (radioFd_ >= 0)
      ::close(radioFd_);
  }

  void swapHookCell(const std::string &dev) {
    hookCell_.reset();
    hookCell_.emplace(dev);
    report("hook tare", hookCell_->readKg()); // OK
  }

  void fitSpreader(const std::string &dev) { spreaderCell_.emplace(dev); }

  void releaseSpreader() {
    if (!spreaderCell_)
      return;
    report("spreader final", spreaderCell_->readKg());
    spreaderCell_.reset();
  }

  void parkHook() {
    if (hookCell_)
      hookCell_->close();
  }

  void reportLoads() {
    if (hookCell_)
      report("hook", hookCell_->readKg()); // SAME: hook-report
    if (spreaderCell_)
      report("spreader", spreaderCell_->readKg()); // OK
  }

  void endOfLift() {
    parkHook();
    reportLoads(); // BUG: use-after-close #hook-report
  }

  bool retuneRadio(const char *dev) {
    int fresh = ::open(dev, O_RDWR | O_NOCTTY);
    if (radioFd_ >= 0)
      ::close(radioFd_);
    if (fresh < 0) {
      std::fprintf(stderr, "retune to %s failed, resyncing old channel\n", dev);
      ::write(radioFd_, "RESYNC\r", 7); // BUG: use-after-close
      radioFd_ = -1;
      return false;
    }
    radioFd_ = fresh;
    ::write(radioFd_, "HELLO YARD\r", 11); // OK
    return true;
  }

  void radioStatus(const char *dev, const std::string &status) {
    if (radioFd_ < 0)
      radioFd_ = ::open(dev, O_RDWR | O_NOCTTY);
    if (radioFd_ >= 0)
      ::write(radioFd_, status.data(), status.size());
  }

  void dropRadio() {
    if (radioFd_ >= 0) {
      ::close(radioFd_);
      radioFd_ = -1;
    }
  }

private:
  static void report(const char *what, double kg) { std::printf("%s: %.0f kg\n", what, kg); }

  std::optional<LoadCellLink> hookCell_;
  std::optional<LoadCellLink> spreaderCell_;
  int radioFd_ = -1;
};

int main() {
  BlockCraneRig rig("/dev/ttyCELL0");
  rig.retuneRadio("/dev/ttyRADIO0");
  rig.swapHookCell("/dev/ttyCELL1");
  rig.fitSpreader("/dev/ttyCELL2");
  rig.releaseSpreader();
  rig.dropRadio();
  rig.radioStatus("/dev/ttyRADIO0", "BLOCK 7741 LANDED\r"); // OK
  rig.retuneRadio("/dev/ttyRADIO1");
  rig.endOfLift();
}
