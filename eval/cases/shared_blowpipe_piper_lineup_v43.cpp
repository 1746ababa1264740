// Pipe-band recording day: every piper's practice take is recorded to a raw
// audio file (fd) shared, through std::shared_ptr<PracticeTake>, by the
// tuning bench (which fsyncs and seals all takes at the end of a tuning
// round) and by the piper lineup (which closes a piper's take when the piper
// steps out). The lineup closes through closeTake(), which marks the take as
// closed; the bench checks the descriptor but does not mark it.
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace recording {

struct PracticeTake {
  int fd = -1;
  std::string tune;
  std::size_t bytes = 0;
};

static void closeTake(PracticeTake &take) {
  if (take.fd < 0)
    return;
  ::close(std::exchange(take.fd, -1)); // SAME: sealthenstep
}

static bool appendFrames(PracticeTake &take, const std::vector<short> &frames) {
  if (take.fd < 0)
    return false;
  const std::size_t len = frames.size() * sizeof(short);
  const ssize_t n = ::write(take.fd, frames.data(), len); // SAME: recordafterseal
  if (n < 0)
    return false;
  take.bytes += static_cast<std::size_t>(n);
  return true;
}

class TuningBench {
public:
  void adopt(std::shared_ptr<PracticeTake> take) { takes_.push_back(std::move(take)); }
  void seal() {
    for (auto &take : takes_) {
      if (take->fd < 0)
        continue;
      ::fsync(take->fd);
      ::close(take->fd);
    }
    takes_.clear();
  }

private:
  std::vector<std::shared_ptr<PracticeTake>> takes_;
};

class PiperLineup {
public:
  void assign(const std::string &piper, std::shared_ptr<PracticeTake> take) {
    takes_[piper] = std::move(take);
  }
  void record(const std::string &piper, const std::vector<short> &frames) {
    auto it = takes_.find(piper);
    if (it != takes_.end())
      appendFrames(*it->second, frames);
  }
  void stepOut(const std::string &piper) {
    auto it = takes_.find(piper);
    if (it == takes_.end())
      return;
    closeTake(*it->second);
    takes_.erase(it);
  }

private:
  std::map<std::string, std::shared_ptr<PracticeTake>> takes_;
};

static std::shared_ptr<PracticeTake> openTake(const std::string &dir,
                                              const std::string &piper,
                                              const std::string &tune) {
  auto take = std::make_shared<PracticeTake>();
  take->tune = tune;
  take->fd = ::open((dir + "/" + piper + ".raw").c_str(),
                    O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  return take;
}

void morningTuning(const std::string &dir, const std::vector<short> &blowpipeTest) {
  TuningBench bench;
  PiperLineup lineup;
  for (const char *piper : {"MacAskill", "Fraser", "Ross"}) {
    auto take = openTake(dir, piper, "Scotland the Brave");
    bench.adopt(take);
    lineup.assign(piper, take);
    lineup.record(piper, blowpipeTest);
  }
  lineup.stepOut("Fraser");
  lineup.stepOut("Fraser"); // OK
  lineup.record("Fraser", blowpipeTest); // OK
  bench.seal(); // OK
  lineup.record("MacAskill", blowpipeTest); // BUG: use-after-close #recordafterseal
  lineup.stepOut("Ross"); // BUG: double-close #sealthenstep
}

} // namespace recording
