// Negative: closes inside loops that can run only once. writeChunks()
// closes the descriptor on the last iteration (i == n - 1) or returns right
// after closing on a failed write, so no write follows the close and no
// second close runs. readUntilEnd() closes the stream and breaks at the END
// line; the close after the loop runs only when the loop did not close it.
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

bool writeChunks(int fd, const std::vector<std::string> &chunks) {
  const std::size_t n = chunks.size();
  if (n == 0) {
    ::close(fd);
    return true;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (::write(fd, chunks[i].data(), chunks[i].size()) < 0) {
      ::close(fd);
      return false;
    }
    if (i == n - 1)
      ::close(fd); // OK: runs on the last iteration only
  }
  return true;
}

std::size_t readUntilEnd(FILE *in, std::vector<std::string> &lines) {
  char buf[512];
  bool sawEnd = false;
  while (std::fgets(buf, sizeof buf, in)) {
    if (std::strcmp(buf, "END\n") == 0) {
      std::fclose(in);
      sawEnd = true;
      break;
    }
    lines.emplace_back(buf);
  }
  if (!sawEnd)
    std::fclose(in); // OK: only when the loop did not close it
  return lines.size();
}
