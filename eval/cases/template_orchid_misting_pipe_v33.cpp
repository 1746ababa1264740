// Orchid greenhouse controller: misting nozzles and roof vents are driven through
// a CommandPipe<Cmd> template whose operations throw once the pipe is closed
// (a private ensureOpen() check). The retirePipe() helper template closes a pipe
// if it is still open; endSeason() pushes on the misting pipe after retiring it
// and winterize() closes the vent pipe by hand after retiring it.
#include <cstddef>
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>

template <typename Cmd> class CommandPipe {
public:
  explicit CommandPipe(std::string zone) : zone_(std::move(zone)) {}
  void push(const Cmd &cmd);
  void close();
  bool closed() const noexcept { return closed_; }
  std::size_t pending() const noexcept { return queue_.size(); }

private:
  void ensureOpen(const char *op) const;
  std::string zone_;
  std::deque<Cmd> queue_;
  bool closed_ = false;
};

template <typename Cmd>
void CommandPipe<Cmd>::ensureOpen(const char *op) const {
  if (closed_)
    throw std::runtime_error(zone_ + ": " + op + " on a closed command pipe");
}

template <typename Cmd> void CommandPipe<Cmd>::push(const Cmd &cmd) {
  ensureOpen("push");
  queue_.push_back(cmd);
}

template <typename Cmd> void CommandPipe<Cmd>::close() {
  ensureOpen("close");
  closed_ = true;
  queue_.clear();
}

template <typename Pipe> void retirePipe(Pipe &pipe) {
  if (!pipe.closed())
    pipe.close(); // OK: closes only an open pipe
}

struct MistCmd {
  int nozzle;
  int millis;
};

struct VentCmd {
  int percentOpen;
};

class OrchidHouse {
public:
  OrchidHouse() : mist_("bench-mist"), vents_("roof-vents") {}
  void morningCycle(double humidity);
  void nightMode();
  void endSeason();
  void winterize();

private:
  CommandPipe<MistCmd> mist_;
  CommandPipe<VentCmd> vents_;
};

void OrchidHouse::morningCycle(double humidity) {
  if (humidity < 0.6) {
    for (int nozzle = 0; nozzle < 8; ++nozzle)
      mist_.push({nozzle, 1500});
  }
  vents_.push({humidity > 0.85 ? 40 : 10});
}

void OrchidHouse::nightMode() {
  retirePipe(mist_);
  vents_.push({5}); // OK: a different pipe from the one retired
  if (!mist_.closed())
    mist_.push({0, 200}); // OK: guarded by closed()
}

void OrchidHouse::endSeason() {
  retirePipe(mist_);
  mist_.push({0, 0}); // BUG: use-after-close
}

void OrchidHouse::winterize() {
  vents_.push({0});
  retirePipe(vents_);
  vents_.close(); // BUG: double-close
}

int main() {
  OrchidHouse house;
  house.morningCycle(0.52);
  OrchidHouse annex;
  annex.winterize();
  OrchidHouse propagation;
  propagation.nightMode();
  propagation.endSeason();
  return 0;
}
