// Rendering records of an enfleurage workshop: the tallow-and-lard base
// prepared for each jasmine charge is logged to a file of its own. Descriptors
// are released by a ScopeExit guard (dismiss() cancels it after an explicit
// close whose result matters), and per-frame logs by RenderSheet, whose
// destructor fcloses its FILE*.
// Bugs: writeBaseRecord() closes explicitly on the success path but never
// dismisses its guard, which closes the descriptor again at scope exit; and
// logCharges() keeps the FILE* of a RenderSheet destroyed at the end of the
// loop body and writes the closing line through it.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace enfleurage {

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F onExit) : onExit_(std::move(onExit)) {}
  ~ScopeExit() {
    if (active_)
      onExit_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F onExit_;
  bool active_ = true;
};

struct BaseRecipe {
  std::string charge;
  double tallowGrams;
  double lardGrams;
};

bool writeBaseRecord(const std::string &path, const BaseRecipe &recipe) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  ScopeExit closeOnExit([fd] { ::close(fd); }); // BUG: double-close
  std::string line = recipe.charge + " tallow=" + std::to_string(recipe.tallowGrams) +
                     " lard=" + std::to_string(recipe.lardGrams) + "\n";
  if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
    return false;
  if (::fsync(fd) != 0)
    return false;
  return ::close(fd) == 0;
}

bool writeMaturationNote(const std::string &path, const std::string &note) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  ScopeExit guard([fd] { ::close(fd); }); // OK: dismissed before the explicit close
  if (::write(fd, note.data(), note.size()) != static_cast<ssize_t>(note.size()))
    return false;
  guard.dismiss();
  return ::close(fd) == 0; // OK: the guard was dismissed, it will not close again
}

class RenderSheet {
public:
  explicit RenderSheet(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  ~RenderSheet() {
    if (fp_ != nullptr)
      std::fclose(fp_);
  }
  RenderSheet(const RenderSheet &) = delete;
  RenderSheet &operator=(const RenderSheet &) = delete;
  explicit operator bool() const { return fp_ != nullptr; }
  FILE *get() const { return fp_; }

private:
  FILE *fp_;
};

struct FrameCharge {
  std::string frame;
  double petalsGrams;
};

void logCharges(const std::string &dir, const std::vector<FrameCharge> &charges) {
  FILE *lastSheet = nullptr;
  for (const FrameCharge &charge : charges) {
    RenderSheet sheet(dir + "/" + charge.frame + ".log");
    if (!sheet)
      continue;
    std::fprintf(sheet.get(), "jasmine %.1f g\n", charge.petalsGrams);
    lastSheet = sheet.get();
  }
  if (lastSheet != nullptr)
    std::fputs("-- charges laid --\n", lastSheet); // BUG: use-after-close
}

void logChargesPerSheet(const std::string &dir, const std::vector<FrameCharge> &charges) {
  for (const FrameCharge &charge : charges) {
    RenderSheet sheet(dir + "/" + charge.frame + ".log");
    if (!sheet)
      continue;
    std::fprintf(sheet.get(), "jasmine %.1f g\n", charge.petalsGrams); // OK: a fresh sheet in every iteration
    std::fputs("-- charge laid --\n", sheet.get());
  }
}

} // namespace enfleurage
