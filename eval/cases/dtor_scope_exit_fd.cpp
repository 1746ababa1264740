// A snapshot writer closes its descriptor with a ScopeExit guard built from a
// lambda. writeSnapshot() writes inside the guarded block (correct) and then
// appends a trailer after the block, when the guard has closed the descriptor
// (bug). openJournal() dismisses the guard once the header is written, so the
// descriptor stays open after the block and the write there is correct.
#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <utility>

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <class F> ScopeExit<F> makeScopeExit(F fn) { return ScopeExit<F>(std::move(fn)); }

bool writeSnapshot(const char *path, const std::string &data) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  {
    auto closeFd = makeScopeExit([fd] { ::close(fd); });
    if (::write(fd, data.data(), data.size()) < 0) // OK
      return false;
    ::fsync(fd); // OK
  }
  ::write(fd, "\n#end\n", 6); // BUG: use-after-close
  return true;
}

int openJournal(const char *path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  {
    auto closeOnError = makeScopeExit([fd] { ::close(fd); });
    static const char header[] = "journal v2\n";
    if (::write(fd, header, sizeof header - 1) < 0) // OK
      return -1;
    closeOnError.dismiss();
  }
  ::write(fd, "opened\n", 7); // OK
  return fd;
}
