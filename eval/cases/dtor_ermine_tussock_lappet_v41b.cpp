// Plate-image archive for a museum's ermine, tussock and lappet moth drawers.
// write_plate() stores a specimen plate, with a LappetScopeExit guard that
// closes the descriptor on every exit; the drawer index is a FILE* held by a
// unique_ptr with an fclose deleter, and rows are emitted through a C-style
// row callback that reaches the stream through a context struct.
// Mistakes: write_plate() closes the descriptor itself on the empty-plate path
// (to unlink the file) while the guard still closes it on return; and
// index_drawer() rotates the index with reset(), which closes the old stream
// that the callback context still points to.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

template <class F> class LappetScopeExit {
public:
  explicit LappetScopeExit(F f) : f_(std::move(f)) {}
  LappetScopeExit(const LappetScopeExit &) = delete;
  LappetScopeExit &operator=(const LappetScopeExit &) = delete;
  ~LappetScopeExit() {
    if (armed_)
      f_();
  }
  void dismiss() { armed_ = false; }

private:
  F f_;
  bool armed_ = true;
};

struct ErminePlate {
  std::string catalogue_no;
  std::vector<unsigned char> pixels;
};

int write_plate(const std::string &path, const ErminePlate &plate) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  LappetScopeExit close_fd([fd] { ::close(fd); }); // BUG: double-close
  std::string header = "PLATE " + plate.catalogue_no + "\n";
  if (::write(fd, header.data(), header.size()) != static_cast<ssize_t>(header.size()))
    return -1;
  if (plate.pixels.empty()) {
    ::close(fd); // release it before unlinking the stub
    ::unlink(path.c_str());
    return 0;
  }
  return ::write(fd, plate.pixels.data(), plate.pixels.size()) < 0 ? -1 : 1;
}

int write_plate_stub_aware(const std::string &path, const ErminePlate &plate) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  LappetScopeExit close_fd([fd] { ::close(fd); }); // OK: dismissed on the one path that closes by hand
  if (plate.pixels.empty()) {
    close_fd.dismiss();
    ::close(fd); // OK: the guard was dismissed first
    ::unlink(path.c_str());
    return 0;
  }
  return ::write(fd, plate.pixels.data(), plate.pixels.size()) < 0 ? -1 : 1;
}

struct TussockFileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using TussockIndexFile = std::unique_ptr<FILE, TussockFileCloser>;

struct ErmineIndexRowCtx {
  FILE *out;
  int rows;
};

// C-style emitter: calls row(ctx, catalogue_no) for each specimen in the drawer.
static void for_each_specimen(const std::vector<ErminePlate> &drawer, void (*row)(void *, const char *),
                              void *ctx) {
  for (const ErminePlate &p : drawer)
    row(ctx, p.catalogue_no.c_str());
}

static void emit_index_row(void *p, const char *catalogue_no) {
  auto *ctx = static_cast<ErmineIndexRowCtx *>(p);
  std::fprintf(ctx->out, "%s\n", catalogue_no); // SAME: rotated
  ++ctx->rows;
}

int index_drawer(const std::vector<ErminePlate> &drawer, const std::vector<ErminePlate> &overflow) {
  TussockIndexFile index(std::fopen("drawer-index.txt", "a"));
  if (!index)
    return -1;
  ErmineIndexRowCtx ctx{index.get(), 0};
  for_each_specimen(drawer, emit_index_row, &ctx); // OK: the stream in ctx is open here
  if (ctx.rows > 500) {
    index.reset(std::fopen("drawer-index-2.txt", "a"));
    if (!index)
      return -1;
    std::fputs("# continued\n", index.get()); // OK: reset() installed the new stream
  }
  for_each_specimen(overflow, emit_index_row, &ctx); // BUG: use-after-close #rotated
  return ctx.rows;
}

int index_drawer_rebinding(const std::vector<ErminePlate> &drawer) {
  TussockIndexFile index(std::fopen("lappet-index.txt", "a"));
  if (!index)
    return -1;
  ErmineIndexRowCtx ctx{index.get(), 0};
  for_each_specimen(drawer, emit_index_row, &ctx);
  index.reset(std::fopen("lappet-index-2.txt", "a"));
  if (!index)
    return -1;
  ctx.out = index.get();
  for_each_specimen(drawer, emit_index_row, &ctx); // OK: ctx was re-pointed at the new stream
  return ctx.rows;
}
