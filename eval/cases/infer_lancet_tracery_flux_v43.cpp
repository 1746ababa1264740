// Stained-glass workshop: cutting orders for a lancet or tracery window are
// spooled to the glass-cutting table. CutSpool appends orders to a spool file
// (FILE*) and drain() closes the spool and hands the finished file to the
// table; FluxSpool does the same for the soldering-flux dispenser over a pipe
// (fd), but its push() keeps orders back while the pipe is drained and sends
// them when the pipe is reopened.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace workshop {

struct CutOrder {
  std::string panel;
  std::string glass;
  int lengthMm = 0;
};

struct WindowDesign {
  std::string name;
  std::vector<CutOrder> pieces;
  int perimeterMm = 0;
};

class CutSpool {
public:
  explicit CutSpool(std::string dir) : dir_(std::move(dir)) {}
  CutSpool(const CutSpool &) = delete;
  CutSpool &operator=(const CutSpool &) = delete;

  void submitWindow(const WindowDesign &w);

private:
  void begin(const std::string &window) {
    path_ = dir_ + "/" + window + ".cut";
    spool_ = std::fopen(path_.c_str(), "w");
    if (!spool_)
      throw std::runtime_error("cannot spool " + path_);
  }
  void push(const CutOrder &o) {
    std::fprintf(spool_, "%s;%s;%d\n", o.panel.c_str(), o.glass.c_str(), // SAME: border
                 o.lengthMm);
  }
  void drain() {
    std::fclose(spool_);
    std::rename(path_.c_str(), (path_ + ".ready").c_str());
  }

  std::string dir_;
  std::string path_;
  FILE *spool_ = nullptr;
};

void CutSpool::submitWindow(const WindowDesign &w) {
  begin(w.name);
  for (const CutOrder &piece : w.pieces)
    push(piece);
  drain();
  push(CutOrder{w.name, "lead came H 6mm", w.perimeterMm}); // BUG: use-after-close #border
}

class FluxSpool {
public:
  explicit FluxSpool(std::string fifo) : fifo_(std::move(fifo)) { reopen(); }
  ~FluxSpool() { drain(); }
  FluxSpool(const FluxSpool &) = delete;
  FluxSpool &operator=(const FluxSpool &) = delete;

  void submitWindow(const WindowDesign &w) {
    for (const CutOrder &piece : w.pieces)
      push(piece);
    drain();
    push(CutOrder{w.name, "flux: tallow", w.perimeterMm}); // OK
    drain(); // OK
    reopen();
  }

private:
  void push(const CutOrder &o) {
    if (fd_ < 0) {
      held_.push_back(o);
      return;
    }
    const std::string line = o.panel + ";" + o.glass + "\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      held_.push_back(o);
  }
  void drain() {
    if (fd_ < 0)
      return;
    ::close(std::exchange(fd_, -1));
  }
  void reopen() {
    if (fd_ >= 0)
      return;
    fd_ = ::open(fifo_.c_str(), O_WRONLY | O_CLOEXEC);
    std::vector<CutOrder> backlog = std::exchange(held_, {});
    for (const CutOrder &o : backlog)
      push(o);
  }

  std::string fifo_;
  int fd_ = -1;
  std::vector<CutOrder> held_;
};

} // namespace workshop
