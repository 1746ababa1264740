// Hospital interface engine: exports a shift's HL7 ADT messages into a batch
// file (FHS/BHS ... BTS/FTS envelope) and forwards each message over MLLP.
// Hl7BatchFile::close() writes the trailer segments and fcloses the file; it
// throws std::logic_error when the batch is already closed, and append()
// throws after close. MllpSender::close() is idempotent (a second call does
// nothing); send() throws after close. When archiving the closed batch fails,
// the catch block closes the batch a second time.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class Hl7BatchFile {
public:
  explicit Hl7BatchFile(const std::string &path) : path_(path), fp_(std::fopen(path.c_str(), "w")) {
    if (!fp_)
      throw std::runtime_error("cannot create batch " + path);
    std::fputs("FHS|^~\\&|ADT|GENHOSP\rBHS|^~\\&|ADT|GENHOSP\r", fp_);
  }
  ~Hl7BatchFile() {
    if (fp_)
      std::fclose(fp_);
  }
  Hl7BatchFile(const Hl7BatchFile &) = delete;
  Hl7BatchFile &operator=(const Hl7BatchFile &) = delete;

  void append(const std::string &msg) {
    if (!fp_)
      throw std::logic_error("append to closed batch " + path_);
    std::fputs(msg.c_str(), fp_);
    ++count_;
  }

  void close() {
    if (!fp_)
      throw std::logic_error("batch " + path_ + " already closed");
    std::fprintf(fp_, "BTS|%d\rFTS|1\r", count_);
    std::fclose(fp_);
    fp_ = nullptr;
  }

  const std::string &path() const { return path_; }

private:
  std::string path_;
  FILE *fp_;
  int count_ = 0;
};

class MllpSender {
public:
  explicit MllpSender(std::string host) : host_(std::move(host)) {}
  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("mllp link to " + host_ + " closed");
    framed_ += "\x0b" + msg + "\x1c\r";
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
    framed_.clear();
  }

private:
  std::string host_;
  std::string framed_;
  bool closed_ = false;
};

static void archive(const std::string &path) {
  const std::string target = "/archive/hl7/" + path.substr(path.find_last_of('/') + 1);
  if (std::rename(path.c_str(), target.c_str()) != 0)
    throw std::runtime_error("archive failed for " + path);
}

void exportShift(const std::vector<std::string> &messages, const std::string &batchPath) {
  Hl7BatchFile batch(batchPath);
  MllpSender sender("lab-system.hosp.local:2575");
  try {
    for (const std::string &msg : messages) {
      batch.append(msg);
      sender.send(msg);
    }
    batch.close();
    sender.close();
    archive(batch.path());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "shift export failed: %s\n", e.what());
    sender.close(); // OK: MllpSender::close() is idempotent
    batch.close();  // BUG: double-close
    throw;
  }
}

void sendCorrections(const std::vector<std::string> &corrections, const std::string &batchPath) {
  Hl7BatchFile batch(batchPath);
  MllpSender sender("lab-system.hosp.local:2575");
  for (const std::string &msg : corrections)
    batch.append(msg);
  batch.close();
  for (const std::string &msg : corrections)
    sender.send(msg); // OK: it is the batch file that was closed, not the sender
  sender.close();
  batch.append("MSH|^~\\&|ADT|GENHOSP|||202403310800||ADT^A08|late\r"); // BUG: use-after-close
}

int main() {
  std::vector<std::string> msgs = {"MSH|^~\\&|ADT|GENHOSP|||202403310700||ADT^A01|1\r",
                                   "MSH|^~\\&|ADT|GENHOSP|||202403310705||ADT^A03|2\r"};
  try {
    exportShift(msgs, "/var/spool/hl7/shift-0331-night.hl7");
    sendCorrections(msgs, "/var/spool/hl7/corrections-0331.hl7");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
