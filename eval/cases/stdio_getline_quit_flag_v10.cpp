// run_script() is the batch mode of a small command interpreter: it reads
// commands from a script with getline() and executes them. The "quit"
// command closes the script and sets `done`, then continues; but the loop
// condition calls getline() before it tests `done`, so after "quit" the next
// getline() reads from the closed stream. The close after the loop is
// correlated with `done` and is correct.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/types.h>

static int execute(const char *cmd) {
  if (std::strncmp(cmd, "echo ", 5) == 0) {
    std::puts(cmd + 5);
    return 0;
  }
  if (cmd[0] == '\0' || cmd[0] == '#')
    return 0;
  std::fprintf(stderr, "unknown command: %s\n", cmd);
  return 1;
}

static int run_script(const char *path) {
  FILE *fp = std::fopen(path, "r");
  if (!fp)
    return -1;
  char *line = nullptr;
  size_t cap = 0;
  ssize_t len;
  int done = 0;
  int status = 0;
  while ((len = getline(&line, &cap, fp)) != -1 && !done) { // BUG: use-after-close
    if (len > 0 && line[len - 1] == '\n')
      line[--len] = '\0';
    if (std::strcmp(line, "quit") == 0) {
      std::fclose(fp);
      done = 1;
      continue;
    }
    status = execute(line);
    if (status != 0)
      break;
  }
  std::free(line);
  if (!done)
    std::fclose(fp); // OK: runs only when "quit" did not already close the script
  return status;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SCRIPT\n", argv[0]);
    return 2;
  }
  return run_script(argv[1]) == 0 ? 0 : 1;
}
