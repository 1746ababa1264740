// Woolshed bale press line. The BalePress drives the hydraulics over an fd
// and fires bale-done callbacks; subscribers stamp the brand log (FILE*) and
// send a core sample to the fibre-diameter tester (fd). shutdown() releases
// the hydraulics and throws if repeated; pressing after it throws; the brand
// log and the tester close on finish()/disconnect().
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class BalePress {
public:
  using BaleDone = std::function<void(int baleNo, double kg)>;
  explicit BalePress(int hydraulicsFd) : fd_(hydraulicsFd) {}
  void onBaleDone(BaleDone cb) { done_.push_back(std::move(cb)); }
  void press(double kg) {
    if (fd_ < 0)
      throw std::runtime_error("bale press shut down, cannot press");
    ::write(fd_, "CYCLE\n", 6);
    ++bales_;
    for (auto &cb : done_)
      cb(bales_, kg);
  }
  void shutdown() {
    if (fd_ < 0)
      throw std::logic_error("bale press already shut down");
    ::write(fd_, "RELEASE\n", 8);
    ::close(std::exchange(fd_, -1));
  }
  bool isShutDown() const { return fd_ < 0; }

private:
  int fd_;
  int bales_ = 0;
  std::vector<BaleDone> done_;
};

class BrandLog {
public:
  explicit BrandLog(const char *path) : fp_(std::fopen(path, "a")) {}
  void stamp(int baleNo, const std::string &line, double kg) {
    std::fprintf(fp_, "bale %d %s %.1fkg\n", baleNo, line.c_str(), kg); // SAME: brandcb
  }
  void finish() {
    std::fclose(fp_);
  }

private:
  FILE *fp_;
};

class MicronTester {
public:
  explicit MicronTester(int fd) : fd_(fd) {}
  ~MicronTester() { disconnect(); }
  bool connected() const { return fd_ >= 0; }
  double measure(int baleNo) {
    if (fd_ < 0)
      throw std::runtime_error("micron tester disconnected");
    dprintf(fd_, "CORE %d\n", baleNo);
    char buf[16] = {};
    return ::read(fd_, buf, sizeof buf - 1) > 0 ? std::stod(buf) : 0.0;
  }
  void disconnect() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

bool pressChecked(BalePress &press, double kg) {
  if (kg > 204.0) {
    press.shutdown();
    return false;
  }
  press.press(kg);
  return true;
}

void crutchingsLot(BalePress &press, const std::vector<double> &bales) {
  for (double kg : bales)
    if (!pressChecked(press, kg))
      break;
  press.shutdown(); // BUG: double-close
}

void belliesLot(BalePress &press, const std::vector<double> &bales) {
  for (double kg : bales)
    if (!pressChecked(press, kg))
      break;
  if (!press.isShutDown())
    press.shutdown(); // OK
}

void fleeceLine(BalePress &press, BrandLog &brands, MicronTester &tester,
                const std::vector<double> &bales) {
  press.onBaleDone([&brands](int n, double kg) { brands.stamp(n, "AAAM", kg); });
  press.onBaleDone([&tester](int n, double) {
    if (tester.connected())
      tester.measure(n); // OK
  });
  press.press(bales.front());
  tester.disconnect();
  press.press(bales.at(1)); // OK
  brands.finish();
  press.press(bales.at(2)); // BUG: use-after-close #brandcb
}

int main() {
  BalePress lot1(30), lot2(31), fleece(32);
  crutchingsLot(lot1, {110.0, 212.5});
  belliesLot(lot2, {150.0, 208.0});
  BrandLog brands("/shed/brands.log");
  MicronTester tester(33);
  fleeceLine(fleece, brands, tester, {186.0, 190.5, 188.2});
  return 0;
}
