// spawn_filter() runs a filter program with its stdin and stdout connected
// to two pipes, like the subprocess helpers of build tools and test runners.
// Every failure jumps to `fail`, which closes whichever of the four pipe ends
// are >= 0 in a loop. After fork() the parent closes the child's ends
// (in_pipe[0], out_pipe[1]) but does not set them to -1, so when writing the
// input then fails, the cleanup loop closes those two ends a second time.
#include <cstdio>
#include <cstring>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int spawn_filter(const char *prog, const char *input, char *out, size_t outlen) {
  int in_pipe[2] = {-1, -1};
  int out_pipe[2] = {-1, -1};
  pid_t pid = -1;
  size_t got = 0;
  ssize_t n;
  int status;

  if (pipe(in_pipe) < 0)
    return -1;
  if (pipe(out_pipe) < 0)
    goto fail;
  pid = fork();
  if (pid < 0)
    goto fail;
  if (pid == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execlp(prog, prog, static_cast<char *>(nullptr));
    _exit(127);
  }
  close(in_pipe[0]);  /* child's read end */
  close(out_pipe[1]); /* child's write end */
  if (write(in_pipe[1], input, std::strlen(input)) < 0) // OK: the parent closed in_pipe[0], not in_pipe[1]
    goto fail;
  close(in_pipe[1]); /* EOF for the child */
  while (got + 1 < outlen && (n = read(out_pipe[0], out + got, outlen - 1 - got)) > 0) // OK: out_pipe[1] was closed, out_pipe[0] is open
    got += static_cast<size_t>(n);
  out[got] = '\0';
  close(out_pipe[0]);
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;

fail:
  for (int i = 0; i < 2; i++) {
    if (in_pipe[i] >= 0)
      close(in_pipe[i]); // BUG: double-close
    if (out_pipe[i] >= 0)
      close(out_pipe[i]); // BUG: double-close
  }
  if (pid > 0)
    waitpid(pid, nullptr, 0);
  return -1;
}

int main(int argc, char **argv) {
  char out[4096];
  int rc = spawn_filter(argc > 1 ? argv[1] : "sort", "b\na\nc\n", out, sizeof out);
  if (rc != 0)
    return 1;
  std::fputs(out, stdout);
  return 0;
}
