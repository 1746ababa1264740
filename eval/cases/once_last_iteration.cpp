// A chunked sender writes every chunk and closes the descriptor in the
// iteration that wrote the last chunk; the loop ends right after (negative
// case). A closed-once flag does the same for a FILE* (negative case).
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

void sendChunks(int fd, const std::vector<std::string> &chunks) {
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    ::write(fd, chunks[i].data(), chunks[i].size()); // OK
    if (i + 1 == chunks.size())
      ::close(fd); // OK
  }
}

void tailUntilDone(std::FILE *log, const std::vector<std::string> &lines) {
  bool closed = false;
  for (const std::string &line : lines) {
    if (closed)
      break;
    std::fputs(line.c_str(), log); // OK
    if (line == "EOF") {
      std::fclose(log); // OK
      closed = true;
    }
  }
}
