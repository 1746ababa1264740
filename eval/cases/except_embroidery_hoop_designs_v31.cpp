// Embroidery studio: a job streams a design's stitch blocks to the machine's
// hoop controller, trims the thread and closes the link; a failure mid-stream
// throws, and the handler records it and closes the link. The thread chart
// for the customer is written to a stdio file the same way. Negative: each
// close in a try is its last statement and cannot throw, so a handler's close
// runs only when the try's close did not; after the try the link's state is
// checked before closing.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace embroidery {

class HoopLink {
public:
  explicit HoopLink(std::string machine) : machine_(std::move(machine)) {}

  void sendBlock(const std::vector<int> &stitches) {
    if (closed_)
      throw std::runtime_error("hoop link to " + machine_ + " closed");
    if (stitches.empty())
      throw std::invalid_argument("empty stitch block");
    sent_ += stitches.size();
  }
  void trim() {
    if (closed_)
      throw std::runtime_error("hoop link to " + machine_ + " closed");
  }
  void close() noexcept { closed_ = true; }
  bool isClosed() const noexcept { return closed_; }

private:
  std::string machine_;
  std::size_t sent_ = 0;
  bool closed_ = false;
};

struct Design {
  std::string name;
  std::vector<std::vector<int>> blocks;
  std::vector<int> threads;
};

std::string threadName(int code) {
  static const std::map<int, std::string> chart = {{310, "black"}, {321, "red"}, {3865, "winter white"}};
  return chart.at(code);
}

bool stitchDesign(HoopLink &link, const Design &d, std::FILE *journal) {
  try {
    for (const auto &block : d.blocks)
      link.sendBlock(block);
    link.trim();
    link.close();
  } catch (const std::exception &e) {
    std::fprintf(journal, "%s failed: %s\n", d.name.c_str(), e.what());
    link.close(); // OK
    return false;
  }
  std::fprintf(journal, "%s stitched\n", d.name.c_str());
  return true;
}

bool writeThreadChart(const char *path, const Design &d) {
  std::FILE *chart = std::fopen(path, "w");
  if (!chart)
    return false;
  try {
    for (int code : d.threads)
      std::fprintf(chart, "DMC %d  %s\n", code, threadName(code).c_str());
    std::fclose(chart);
  } catch (const std::out_of_range &) {
    std::fclose(chart); // OK: threadName() threw before the try reached its fclose
    return false;
  }
  return true;
}

void sampleRun(HoopLink &link, const Design &d, std::FILE *journal) {
  try {
    link.sendBlock(d.blocks.at(0));
    link.trim();
  } catch (const std::exception &e) {
    std::fprintf(journal, "sample of %s: %s\n", d.name.c_str(), e.what());
  }
  if (!link.isClosed())
    link.close(); // OK
}

} // namespace embroidery
