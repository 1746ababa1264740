// Report publishing with a throwing FILE* wrapper. OutFile::close() detaches
// the FILE* before calling fclose() and throws std::system_error when fclose()
// fails (ENOSPC/EIO while flushing); write() and close() throw
// std::logic_error on a closed file. Totals are also sent to Kafka.
//
// Bug: writeReport()'s handler appends a failure marker. When the
// system_error came from out.close() (the last statement of the try), the
// file is already closed, and the handler's write() throws logic_error out
// of the handler instead of returning false.
// Bug: publishTotals() closes the producer in the middle of the try; when the
// audit write after it throws (disk full), the handler sends to the error
// topic on the closed producer ("Producer closed while send in progress").
// Correct lines: writeManifest()'s handler only closes when isOpen() says the
// failure came before close(); the destructor closes only a still-open file.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "messaging.h"

class OutFile {
public:
  explicit OutFile(const std::string &path) : path_(path), fp_(std::fopen(path.c_str(), "w")) {
    if (!fp_)
      throw std::system_error(errno, std::generic_category(), path);
  }
  ~OutFile() {
    if (fp_)
      std::fclose(fp_); // OK: close() nulls fp_ before its fclose()
  }
  OutFile(const OutFile &) = delete;
  OutFile &operator=(const OutFile &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  void write(const std::string &s) {
    if (!fp_)
      throw std::logic_error("write on closed file " + path_);
    if (std::fputs(s.c_str(), fp_) < 0)
      throw std::system_error(errno, std::generic_category(), path_);
  }
  void close() {
    if (!fp_)
      throw std::logic_error("close of closed file " + path_);
    FILE *f = fp_;
    fp_ = nullptr;
    if (std::fclose(f) != 0)
      throw std::system_error(errno, std::generic_category(), path_);
  }

private:
  std::string path_;
  FILE *fp_;
};

bool writeReport(OutFile &out, const std::vector<std::string> &lines) {
  try {
    for (const auto &l : lines)
      out.write(l + "\n");
    out.close();
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "report: %s\n", e.what());
    out.write("# incomplete: " + std::string(e.what()) + "\n"); // BUG: use-after-close
    return false;
  }
  return true;
}

bool writeManifest(OutFile &out, const std::vector<std::string> &files) {
  try {
    for (const auto &f : files)
      out.write(f + "\n");
    out.close();
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "manifest: %s\n", e.what());
    if (out.isOpen()) {
      try {
        out.close(); // OK: only when the failure came from write(), before close()
      } catch (const std::system_error &) {
        // already failing; fclose()'s own error adds nothing
      }
    }
    return false;
  }
  return true;
}

void publishTotals(kafka::KafkaProducer &producer, OutFile &audit,
                   const std::vector<kafka::ProducerRecord> &totals) {
  try {
    for (const auto &r : totals)
      producer.send(r);
    producer.flush();
    producer.close();
    audit.write("published " + std::to_string(totals.size()) + " totals\n");
  } catch (const std::system_error &e) {
    producer.send({"totals-errors", e.what()}); // BUG: use-after-close
  }
}
