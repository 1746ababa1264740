// Freight customs broker: cargo manifests are transmitted to the customs
// authority through a CustomsSession (spooled to a descriptor that the
// transmission daemon picks up), an audit line is recorded for every upload,
// and a declaration stub is rendered to a FILE*.
// Defects: uploadManifest() closes the session inside the try block and the
// audit step after it can throw, so the catch handler sends ABORT on a closed
// session; runBroker() sends a rejection on a session that transmitBatch()
// closed before rethrowing.
// Correct: writeDeclarationStub() calls fclose last in its try block and
// fclose cannot throw, so its catch handler runs only while the FILE* is
// still open.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct ManifestItem {
  std::string hsCode;
  std::string description;
  double declaredValue = 0.0;
};
struct Manifest {
  std::string reference;
  std::vector<ManifestItem> items;
};

// send() throws std::logic_error once the session is closed; close() is
// idempotent.
class CustomsSession {
public:
  explicit CustomsSession(const std::string &spoolPath)
      : fd_(::open(spoolPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open customs spool " + spoolPath);
  }
  ~CustomsSession() { close(); }
  void send(const std::string &segment) {
    if (fd_ < 0)
      throw std::logic_error("customs session closed");
    std::string line = segment + "\n";
    ::write(fd_, line.data(), line.size());
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_;
};

static std::string encodeItem(const ManifestItem &item) {
  if (item.hsCode.size() != 6 && item.hsCode.size() != 10)
    throw std::invalid_argument("malformed HS code " + item.hsCode);
  return "ITM+" + item.hsCode + "+" + item.description + "+" +
         std::to_string(item.declaredValue);
}

static void recordAudit(const std::string &auditPath, const Manifest &m) {
  std::FILE *fp = std::fopen(auditPath.c_str(), "a");
  if (!fp)
    throw std::runtime_error("audit log unavailable: " + auditPath);
  std::fprintf(fp, "uploaded %s items=%zu\n", m.reference.c_str(), m.items.size());
  std::fclose(fp);
}

bool uploadManifest(CustomsSession &s, const Manifest &m, const std::string &auditPath) {
  try {
    s.send("UNH+" + m.reference);
    for (const ManifestItem &item : m.items)
      s.send(encodeItem(item));
    s.send("UNT");
    s.close();
    recordAudit(auditPath, m);
    return true;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "manifest %s failed: %s\n", m.reference.c_str(), e.what());
    s.send("ABORT+" + m.reference); // BUG: use-after-close
    s.close(); // OK: close() is idempotent
    return false;
  }
}

static std::string renderDeclaration(const Manifest &m) {
  if (m.items.empty())
    throw std::invalid_argument("empty manifest " + m.reference);
  std::string out = "DECLARATION " + m.reference + "\n";
  for (const ManifestItem &item : m.items)
    out += encodeItem(item) + "\n";
  return out;
}

void writeDeclarationStub(const Manifest &m, const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return;
  try {
    std::string body = renderDeclaration(m);
    std::fputs(body.c_str(), fp);
    std::fclose(fp);
  } catch (const std::exception &e) {
    std::fprintf(fp, "render failed: %s\n", e.what()); // OK: fclose cannot throw, the catch runs before it
    std::fclose(fp); // OK: the fclose in the try block was not reached
  }
}

static void transmitBatch(CustomsSession &s, const std::vector<Manifest> &batch) {
  try {
    for (const Manifest &m : batch) {
      s.send("UNH+" + m.reference);
      for (const ManifestItem &item : m.items)
        s.send(encodeItem(item));
      s.send("UNT");
    }
  } catch (...) {
    s.close();
    throw;
  }
}

void runBroker(const std::vector<Manifest> &batch) {
  CustomsSession s("/var/spool/customs/outbound.edi");
  try {
    transmitBatch(s, batch);
  } catch (const std::invalid_argument &e) {
    s.send(std::string("REJECTED+") + e.what()); // BUG: use-after-close
  }
  s.close(); // OK: idempotent
  for (const Manifest &m : batch) {
    CustomsSession single("/var/spool/customs/single.edi");
    uploadManifest(single, m, "/var/log/customs/audit.log");
    writeDeclarationStub(m, "/var/spool/customs/" + m.reference + ".txt");
  }
}
