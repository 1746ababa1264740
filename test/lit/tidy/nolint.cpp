// clang-tidy's NOLINT comments silence errlint's checks as any other check's.
// RUN: %expect_exit 0 %tidy %s -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang_tidy -load %tidy_plugin '--checks=-*,errlint-*' %s -- -std=c++17 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: Suppressed 7 warnings (7 NOLINT).
struct KafkaProducer {
  void send(int);
  void close();
};

void bare(KafkaProducer &p) {
  p.close();
  p.send(1); // NOLINT
}

void named(KafkaProducer &p) {
  p.close();
  p.send(1); // NOLINT(errlint-send-after-close)
}

void globbed(KafkaProducer &p) {
  p.close();
  p.send(1); // NOLINT(bugprone-*,errlint-*)
}

void nextLine(KafkaProducer &p) {
  p.close();
  // NOLINTNEXTLINE(errlint-send-after-close)
  p.send(1);
}

void block(KafkaProducer &p) {
  p.close();
  // NOLINTBEGIN(errlint-*)
  p.send(1);
  p.send(2);
  // NOLINTEND(errlint-*)
}

// Negative: NOLINT for another check, or on the close, silences nothing.
void otherCheck(KafkaProducer &p) {
  p.close();
  // CHECK: nolint.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' after it was closed [errlint-send-after-close]
  p.send(1); // NOLINT(bugprone-use-after-move)
}

// clang-tidy applies NOLINT to notes too: the note on the close line is the
// seventh suppressed diagnostic, the warning stays.
void onTheClose(KafkaProducer &p) {
  p.close(); // NOLINT(errlint-send-after-close)
  // CHECK: nolint.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' after it was closed [errlint-send-after-close]
  p.send(1);
  // CHECK-NOT: is closed here
}
