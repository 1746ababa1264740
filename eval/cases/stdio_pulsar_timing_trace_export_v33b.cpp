// Radio telescope pulsar timing: a TraceExporter writes one pulsar's folded
// sample windows to a text file. When a window is followed by an RFI gap the
// exporter closes the file early, yet still writes the trailer through a
// helper. writeQuicklook() closes its file on a write error and then falls
// through to the final fclose. rotate() closes and reopens the stream before
// writing, and the destructor only closes a pointer that was not nulled.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct SampleWindow {
  double startEpoch = 0.0;
  std::vector<float> counts;
  bool gapAfter = false;
};

class TraceHeader {
public:
  TraceHeader(std::string pulsar, double rate)
      : pulsar_(std::move(pulsar)), rate_(rate) {}
  void write(FILE *out) const;

private:
  std::string pulsar_;
  double rate_;
};

class TraceExporter {
public:
  explicit TraceExporter(std::string path);
  ~TraceExporter();
  bool exportWindows(const TraceHeader &hdr,
                     const std::vector<SampleWindow> &windows);
  bool rotate(const TraceHeader &hdr, const std::string &nextPath);
  void writeObservationSummary(const std::string &summaryPath, std::size_t n);

private:
  void writeWindow(const SampleWindow &w);
  void writeTrailer(std::size_t count);

  std::string path_;
  FILE *out_ = nullptr;
};

void TraceHeader::write(FILE *out) const {
  std::fprintf(out, "PSR %s\nRATE %.3f\n", pulsar_.c_str(), rate_);
}

TraceExporter::TraceExporter(std::string path) : path_(std::move(path)) {
  out_ = std::fopen(path_.c_str(), "w");
}

TraceExporter::~TraceExporter() {
  if (out_ != nullptr)
    std::fclose(out_); // OK: nulled after the early close
}

void TraceExporter::writeWindow(const SampleWindow &w) {
  std::fprintf(out_, "WINDOW %.6f %zu\n", w.startEpoch, w.counts.size());
  for (float c : w.counts)
    std::fprintf(out_, "%.1f\n", c);
}

void TraceExporter::writeTrailer(std::size_t count) {
  std::fprintf(out_, "END %zu\n", count); // SAME: trailer
}

bool TraceExporter::exportWindows(const TraceHeader &hdr,
                                  const std::vector<SampleWindow> &windows) {
  if (out_ == nullptr)
    return false;
  hdr.write(out_);
  std::size_t written = 0;
  bool closedEarly = false;
  for (const SampleWindow &w : windows) {
    writeWindow(w);
    ++written;
    if (w.gapAfter) {
      // the remaining windows belong to the next segment file
      std::fclose(out_);
      closedEarly = true;
      break;
    }
  }
  writeTrailer(written); // BUG: use-after-close #trailer
  if (closedEarly)
    out_ = nullptr;
  return true;
}

bool TraceExporter::rotate(const TraceHeader &hdr, const std::string &nextPath) {
  if (out_ != nullptr) {
    std::fflush(out_);
    std::fclose(out_);
  }
  path_ = nextPath;
  out_ = std::fopen(path_.c_str(), "w");
  if (out_ == nullptr)
    return false;
  hdr.write(out_); // OK: reopened just above
  std::fputs("SEGMENT CONTINUED\n", out_); // OK
  return true;
}

void TraceExporter::writeObservationSummary(const std::string &summaryPath,
                                        std::size_t n) {
  FILE *summary = std::fopen(summaryPath.c_str(), "a");
  if (summary == nullptr)
    return;
  std::fprintf(summary, "%s windows=%zu\n", path_.c_str(), n);
  std::fclose(summary);
  if (out_ != nullptr)
    std::fprintf(out_, "SUMMARY WRITTEN\n"); // OK: a different stream than summary
}

bool writeQuicklook(const std::string &path, const std::vector<float> &counts) {
  FILE *f = std::fopen(path.c_str(), "w");
  if (f == nullptr)
    return false;
  for (float c : counts) {
    if (std::fprintf(f, "%.1f\n", c) < 0) {
      std::fclose(f);
      break;
    }
  }
  return std::fclose(f) == 0; // BUG: double-close
}

int main() {
  TraceHeader hdr("J0437-4715", 1024.0);
  std::vector<SampleWindow> windows(3);
  windows[1].gapAfter = true;
  TraceExporter exporter("/tmp/j0437.trace");
  exporter.exportWindows(hdr, windows);
  writeQuicklook("/tmp/j0437.ql", windows[0].counts);
  return 0;
}
