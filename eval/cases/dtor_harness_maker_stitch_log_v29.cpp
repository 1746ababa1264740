// Harness maker's saddle-stitching machine: every stitched strap (stitches per inch,
// thread, length) goes to the machine's stitch log; a session batches strap records
// for the workshop server and pushes whatever is left when it ends; the weekly export
// writes per-thread stitch counts to CSV.
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (armed_)
      f_();
  }
  void dismiss() { armed_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F f_;
  bool armed_ = true;
};

struct Strap {
  std::string id;
  std::string thread;
  int spi = 8;
  double length_in = 0.0;
};

class StitchLog {
public:
  explicit StitchLog(const char *path) : fp_(std::fopen(path, "a")) {}
  ~StitchLog() {
    if (fp_)
      std::fclose(fp_);
  }
  StitchLog(const StitchLog &) = delete;
  StitchLog &operator=(const StitchLog &) = delete;
  void write(const std::string &line) {
    if (fp_)
      std::fprintf(fp_, "%s\n", line.c_str()); // SAME: member_order
  }

private:
  FILE *fp_;
};

class ServerBatch {
public:
  explicit ServerBatch(StitchLog &log) : log_(log) {}
  ~ServerBatch() {
    if (!pending_.empty())
      push();
  }
  void add(const Strap &s) {
    pending_.push_back(s);
    if (pending_.size() >= 20)
      push();
  }

private:
  void push() {
    log_.write("pushed " + std::to_string(pending_.size()) + " straps"); // BUG: use-after-close #member_order
    pending_.clear();
  }
  StitchLog &log_;
  std::vector<Strap> pending_;
};

class StitchSession {
public:
  explicit StitchSession(const char *log_path) : batch_(log_), log_(log_path) {}
  void stitched(const Strap &s) {
    log_.write(s.id + " " + s.thread + " spi=" + std::to_string(s.spi));
    batch_.add(s);
  }

private:
  ServerBatch batch_;
  StitchLog log_;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

int export_thread_counts(const char *path, const std::vector<Strap> &week) {
  std::map<std::string, long> stitches;
  for (const Strap &s : week)
    stitches[s.thread] += static_cast<long>(s.spi * s.length_in);

  FILE *csv = std::fopen(path, "w");
  if (!csv)
    return -1;
  ScopeExit close_csv([csv] {
    std::fclose(csv); // BUG: double-close
  });
  std::fputs("thread,stitches\n", csv);
  for (const auto &t : stitches)
    if (std::fprintf(csv, "%s,%ld\n", t.first.c_str(), t.second) < 0)
      return -1;
  if (std::fclose(csv) != 0)
    return -1;
  return static_cast<int>(stitches.size());
}

int append_summary(const char *path, long total) {
  FilePtr out(std::fopen(path, "a"));
  if (!out)
    return -1;
  std::fprintf(out.get(), "total stitches %ld\n", total);
  FILE *raw = out.release();
  return std::fclose(raw) == 0 ? 0 : -1; // OK
}

int copy_template(const char *from, const char *to) {
  FilePtr in(std::fopen(from, "r"));
  FILE *dst = std::fopen(to, "w");
  if (!in || !dst) {
    if (dst)
      std::fclose(dst);
    return -1;
  }
  ScopeExit close_dst([dst] { std::fclose(dst); });
  char buf[512];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, in.get())) > 0) // OK
    std::fwrite(buf, 1, n, dst); // OK
  close_dst.dismiss();
  return std::fclose(dst) == 0 ? 0 : -1; // OK
}
