// Stained-glass studio firing controller: every kiln's controller is a serial
// line (fd) kept as a (kiln name, fd) pair, and every panel being fired or
// annealed writes a firing log (FILE*) kept in a (panel, log, kiln index)
// tuple. Controllers can be swapped while the studio runs, logs are rotated
// when they grow, and a power cut aborts all firings.
#include <cstddef>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace glassworks {

class FiringStudio {
public:
  std::size_t addKiln(const std::string &name, int fd) {
    kilns_.emplace_back(name, fd);
    return kilns_.size() - 1;
  }
  void startFiring(const std::string &panel, FILE *log, std::size_t kiln) {
    firings_.emplace_back(panel, log, kiln);
  }
  void swapController(std::size_t idx, int freshFd);
  void rotateLog(std::size_t i, const std::string &dir);
  void finishFiring(const std::string &panel);
  void powerCut();

private:
  std::vector<std::pair<std::string, int>> kilns_;
  std::vector<std::tuple<std::string, FILE *, std::size_t>> firings_;
};

static void sendCommand(int fd, const std::string &cmd) {
  const std::string line = cmd + "\r";
  if (::write(fd, line.data(), line.size()) < 0) // SAME: abortcmd
    std::perror("kiln controller");
}

void FiringStudio::swapController(std::size_t idx, int freshFd) {
  auto [name, oldFd] = kilns_[idx];
  kilns_[idx].second = freshFd;
  ::close(oldFd);
  sendCommand(kilns_[idx].second, "PING " + name); // OK
}

void FiringStudio::rotateLog(std::size_t i, const std::string &dir) {
  auto [panel, log, kiln] = firings_[i];
  std::fclose(log);
  FILE *fresh = std::fopen((dir + "/" + panel + ".next.log").c_str(), "w");
  if (!fresh) {
    std::fputs("log rotation failed\n", std::get<1>(firings_[i])); // BUG: use-after-close
    return;
  }
  std::get<1>(firings_[i]) = fresh;
  std::fprintf(std::get<1>(firings_[i]), "continued, kiln %zu\n", kiln); // OK
}

void FiringStudio::finishFiring(const std::string &panel) {
  for (auto it = firings_.begin(); it != firings_.end(); ++it) {
    auto &[name, log, kiln] = *it;
    if (name != panel)
      continue;
    std::fprintf(log, "annealing of %s complete\n", name.c_str());
    std::fclose(log);
    sendCommand(kilns_[kiln].second, "HOLD 0");
    firings_.erase(it);
    return;
  }
}

void FiringStudio::powerCut() {
  for (auto &[name, fd] : kilns_)
    ::close(fd);
  for (auto &[panel, log, kiln] : firings_) {
    std::fprintf(log, "aborted: power cut on %s\n", kilns_[kiln].first.c_str());
    sendCommand(kilns_[kiln].second, "ABORT"); // BUG: use-after-close #abortcmd
    std::fclose(log); // OK
  }
  firings_.clear();
  kilns_.clear();
}

void lathekinDay(FiringStudio &studio, const std::string &dir) {
  const int east = ::open("/dev/ttyS0", O_RDWR | O_NOCTTY | O_CLOEXEC);
  const std::size_t k = studio.addKiln("east annealer", east);
  FILE *log = std::fopen((dir + "/rose-window.log").c_str(), "w");
  studio.swapController(k, ::open("/dev/ttyS1", O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (log) {
    studio.startFiring("rose window", log, k);
    studio.rotateLog(0, dir);
    studio.finishFiring("rose window");
  }
  studio.powerCut();
}

} // namespace glassworks
