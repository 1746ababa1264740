// Log shipper of a fleet agent. Spooled log lines are copied into an archive
// file and shipped over TCP to the collector in batches; the spool file is read
// by SpoolReader, whose destructor closes the spool. Several loops close their
// stream inside the loop body on the last iteration or right before a break.
#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

// TCP connection to the local collector relay; -1 if it is not listening.
static int connectCollector(unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Copies the batch into the archive file and closes it after the last line.
void archiveBatch(std::FILE *out, const std::vector<std::string> &lines) {
  const size_t last = lines.size() - 1;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::fprintf(out, "%s\n", lines[i].c_str()); // OK: the close below comes after the last write
    if (i == last)
      std::fclose(out);
  }
  std::fprintf(out, "# batch of %zu lines\n", lines.size()); // BUG: use-after-close
}

void archiveBatchChecked(std::FILE *out, const std::vector<std::string> &lines) {
  const size_t last = lines.size() - 1;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::fprintf(out, "%s\n", lines[i].c_str());
    if (i == last) {
      std::fprintf(out, "# batch of %zu lines\n", lines.size()); // OK: trailer written before the close
      std::fclose(out);
      out = nullptr;
    }
  }
  if (out)
    std::fclose(out); // OK: only an empty batch gets here with the file still open
}

// Ships lines to the collector; a send error closes the socket and stops. On
// success the connection stays open for the next batch.
size_t shipBatch(int sock, const std::vector<std::string> &lines) {
  size_t sent = 0;
  for (const std::string &l : lines) {
    if (::send(sock, l.data(), l.size(), MSG_NOSIGNAL) < 0) {
      ::close(sock);
      break;
    }
    ++sent;
  }
  const char endOfBatch = '\x04';
  ::send(sock, &endOfBatch, 1, MSG_NOSIGNAL); // BUG: use-after-close
  return sent;
}

size_t shipBatchFlagged(int sock, const std::vector<std::string> &lines) {
  size_t sent = 0;
  bool dropped = false;
  for (const std::string &l : lines) {
    if (::send(sock, l.data(), l.size(), MSG_NOSIGNAL) < 0) {
      ::close(sock);
      dropped = true;
      break;
    }
    ++sent;
  }
  if (!dropped) {
    const char endOfBatch = '\x04';
    ::send(sock, &endOfBatch, 1, MSG_NOSIGNAL); // OK: the flag is set whenever the loop closed the socket
    ::close(sock); // OK: the loop did not close it on this path
  }
  return sent;
}

class SpoolReader {
public:
  explicit SpoolReader(const char *path) : fp_(std::fopen(path, "r")) {}
  ~SpoolReader() {
    if (fp_)
      std::fclose(fp_); // SAME: spool
  }
  // Reads up to max lines; the spool is closed once the final line was read.
  std::vector<std::string> drain(size_t max) {
    std::vector<std::string> out;
    char buf[1024];
    for (size_t i = 0; fp_ && i < max; ++i) {
      if (!std::fgets(buf, sizeof buf, fp_)) {
        std::fclose(fp_);
        break;
      }
      out.emplace_back(buf, std::strcspn(buf, "\n"));
    }
    return out;
  }

private:
  std::FILE *fp_;
};

int main() {
  std::vector<std::string> lines;
  {
    SpoolReader spool("/var/spool/shipper/current.log");
    lines = spool.drain(10000);
  } // BUG: double-close #spool
  if (lines.empty())
    return 0;
  int primary = connectCollector(5140);
  if (primary >= 0)
    shipBatchFlagged(primary, lines);
  int mirror = connectCollector(5141);
  if (mirror >= 0)
    shipBatch(mirror, lines);
  if (std::FILE *arc = std::fopen("/tmp/shipper-archive.log", "a"))
    archiveBatchChecked(arc, lines);
  if (std::FILE *arc = std::fopen("/tmp/shipper-archive2.log", "a"))
    archiveBatch(arc, lines);
  return 0;
}
