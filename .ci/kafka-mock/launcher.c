/* Kafka-protocol test server: librdkafka's in-memory mock cluster.
 * Usage: kafka-mock [--brokers N] [topic:partitions ...]
 * Prints the bootstrap servers as one line, then runs until SIGTERM/SIGINT or stdin EOF
 * (keep stdin open, e.g. a pipe, or pass --no-stdin to ignore it). */
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static volatile sig_atomic_t stopping = 0;
static void on_signal(int sig) { (void)sig; stopping = 1; }

/* librdkafka 2.0's mock thread often misses its op wake-up and serves admin ops (topic create) only
 * on its 1 s poll timeout; connecting to a broker port wakes its poll loop so each create is instant. */
static volatile int creating = 1;
static struct sockaddr_in first_broker;
static void *poke_mock_thread(void *arg) {
  (void)arg;
  while (creating) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s >= 0) { connect(s, (struct sockaddr *)&first_broker, sizeof first_broker); close(s); }
    usleep(2000);
  }
  return NULL;
}

int main(int argc, char **argv) {
  int brokers = 1, watch_stdin = 1, i;
  char err[512];
  for (i = 1; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
    if (strcmp(argv[i], "--brokers") == 0 && i + 1 < argc) brokers = atoi(argv[++i]);
    else if (strcmp(argv[i], "--no-stdin") == 0) watch_stdin = 0;
    else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
  }
  if (brokers < 1) { fprintf(stderr, "--brokers must be >= 1\n"); return 2; }

  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", err, sizeof err);
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, err, sizeof err);
  if (!rk) { fprintf(stderr, "rd_kafka_new: %s\n", err); return 1; }
  rd_kafka_mock_cluster_t *mc = rd_kafka_mock_cluster_new(rk, brokers);
  if (!mc) { fprintf(stderr, "rd_kafka_mock_cluster_new failed\n"); return 1; }

  char host[64] = "127.0.0.1";
  int port = 0;
  sscanf(rd_kafka_mock_cluster_bootstraps(mc), "%63[^:]:%d", host, &port);
  first_broker.sin_family = AF_INET;
  first_broker.sin_port = htons((uint16_t)port);
  inet_pton(AF_INET, host, &first_broker.sin_addr);
  pthread_t poker;
  pthread_create(&poker, NULL, poke_mock_thread, NULL);
  for (; i < argc; i++) {
    char *colon = strrchr(argv[i], ':');
    int partitions = colon ? atoi(colon + 1) : 4;
    if (colon) *colon = '\0';
    rd_kafka_resp_err_t e = rd_kafka_mock_topic_create(mc, argv[i], partitions, 1);
    if (e) { fprintf(stderr, "topic %s: %s\n", argv[i], rd_kafka_err2str(e)); return 1; }
  }
  creating = 0;
  pthread_join(poker, NULL);

  /* No SA_RESTART: a signal interrupts the blocking read()/pause() below. */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);

  printf("%s\n", rd_kafka_mock_cluster_bootstraps(mc));
  fflush(stdout);

  char buf[256];
  while (!stopping) {
    if (!watch_stdin) { pause(); continue; }
    ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
    if (n == 0 || (n < 0 && errno != EINTR)) break;
  }
  /* No rd_kafka_mock_cluster_destroy(): it waits on the same lost wake-up (1 s); the OS frees everything. */
  return 0;
}
