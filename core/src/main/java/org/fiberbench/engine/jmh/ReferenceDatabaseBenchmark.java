package org.fiberbench.engine.jmh;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.fiberbench.workload.SharedClients;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.Pools;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The database experiment's query path, by hand: the JDK, HikariCP and the JDBC driver only on the
 * measured path. One operation starts {@code taskCount} virtual threads, each running the
 * experiment's {@code execQuery} (borrow a connection from a HikariCP pool of {@code poolSize}, run
 * the query, read every row and join its columns into a result string) either on its own thread
 * ({@code via=direct}) or, as the experiment does, handed to a fixed pool of 2 × CPUs platform
 * threads (its {@code db_executor}) and awaited through a {@code CompletableFuture} ({@code
 * via=offload}); a latch counts the tasks down. {@code query=point} reads row {@code k mod rows + 1}
 * of task k by primary key and checks it is that row; {@code scan} is {@code SELECT * FROM
 * fiberbench_hello}, every row. A wrong row count fails the operation, so a short answer never scores.
 * Its fiberbench twin is {@code run -e virtual -w jdbc:query=point,via=direct -l batch:tasks=1000}.
 *
 * <p>The database is the one {@code fiberbench calibrate} started (or named with {@code --db}), so
 * both sides query the same server. In set-up, outside the measured path, the fork reads the URL,
 * user and password from the parent's secret channel, as a jdbc workload's fork does ({@link
 * DbConnection#fromSystemProperty()}), and the table's row count from {@code fiberbench.db.rows};
 * no password is ever on a command line. Run alone ({@code fiberbench jmh}) it has no database and
 * says so: {@code fiberbench calibrate --workload jdbc} runs it.
 *
 * <p>The pool and the executor are made in set-up as the jdbc workload makes its own ({@link
 * Pools#lease}, {@link Pools#offloadExecutor}: the same settings), so in a JVM that shares clients
 * ({@link SharedClients}: calibrate's interleaved forks) this benchmark and fiberbench's batch query
 * through one pool and one executor.
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReferenceDatabaseBenchmark {
    static final String POINT_SQL = "SELECT id, hello, response FROM fiberbench_hello WHERE id = ?";
    static final String SCAN_SQL = "SELECT * FROM fiberbench_hello";
    /** Rows of fiberbench_hello, as the parent seeded them; the jdbc workload's fork reads the same property. */
    static final String ROWS_PROPERTY = "fiberbench.db.rows";

    /** point: one row by primary key, checked; scan: every row. */
    @Param({"point", "scan"})
    public String query;

    /** direct: the task's own virtual thread queries; offload: a platform pool of 2 × CPUs does, the task waits. */
    @Param({"direct", "offload"})
    public String via;

    @Param("1000")
    public int taskCount;

    /** HikariCP connections, all made up front (the experiment's and the jdbc workload's 16). */
    @Param("16")
    public int poolSize;

    /** HikariCP's wait for a free connection: the jdbc workload's default, so the two pools' settings are the same. */
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(10);

    private SharedClients.Lease<HikariDataSource> poolLease;
    private SharedClients.Lease<ExecutorService> executorLease;
    private HikariDataSource pool;
    private ExecutorService dbExecutor;
    private boolean point;
    private int rows;
    private long expectedRows;
    private long next;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        point = switch (query) {
            case "point" -> true;
            case "scan" -> false;
            default -> throw new IllegalArgumentException("query " + query + "; accepted: point, scan");
        };
        boolean offload = switch (via) {
            case "direct" -> false;
            case "offload" -> true;
            default -> throw new IllegalArgumentException("via " + via + "; accepted: direct, offload");
        };
        if (System.getProperty(DbConnection.PROPERTY) == null) {
            throw new IllegalStateException("no database: this benchmark queries the server 'fiberbench calibrate"
                    + " --workload jdbc' starts (or names with --db) and hands its fork through the secret channel");
        }
        rows = Integer.getInteger(ROWS_PROPERTY, 10);
        expectedRows = point ? 1 : rows;
        poolLease = Pools.lease(DbConnection.fromSystemProperty(), poolSize, CONNECTION_TIMEOUT, "reference");
        pool = poolLease.get();
        if (offload) {
            executorLease = Pools.offloadExecutor(2 * Runtime.getRuntime().availableProcessors(), "reference-db-");
            dbExecutor = executorLease.get();
        }
    }

    @TearDown(Level.Trial)
    public void teardown() {
        if (executorLease != null) {
            executorLease.close();
        }
        if (poolLease != null) {
            poolLease.close();
        }
    }

    @Benchmark
    public int batch() throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(taskCount);
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<Throwable> first = new AtomicReference<>();
        for (int i = 0; i < taskCount; i++) {
            long seq = next++;
            Thread.ofVirtual().start(() -> {
                try {
                    String result = dbExecutor != null ? offloaded(seq) : execQuery(pool, point, seq, rows, expectedRows);
                    if (result.isEmpty()) {
                        throw new IllegalStateException("an empty result");
                    }
                } catch (Throwable t) {
                    failed.incrementAndGet();
                    first.compareAndSet(null, t);
                } finally {
                    latch.countDown();
                }
            });
        }
        if (!latch.await(1, TimeUnit.MINUTES) || failed.get() != 0) {
            throw new IllegalStateException(latch.getCount() + " tasks unfinished, " + failed.get() + " failed; first: "
                    + first.get(), first.get());
        }
        return taskCount;
    }

    /** The experiment's design: the query on {@code db_executor}, the task waiting on the future. */
    private String offloaded(long seq) throws Exception {
        CompletableFuture<String> f = CompletableFuture.supplyAsync(() -> {
            try {
                return execQuery(pool, point, seq, rows, expectedRows);
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        }, dbExecutor);
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * The experiment's {@code execQuery} for task {@code seq}: borrow a connection, run the query,
     * join every row's columns with commas, one line per row; a wrong row count (or, for a point
     * query, another row) throws.
     */
    static String execQuery(DataSource pool, boolean point, long seq, int rows, long expectedRows) throws SQLException {
        long id = Math.floorMod(seq, (long) rows) + 1;
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(point ? POINT_SQL : SCAN_SQL)) {
            if (point) {
                ps.setLong(1, id);
            }
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                StringBuilder sb = new StringBuilder(64);
                long n = 0;
                while (rs.next()) {
                    n++;
                    for (int i = 1; i <= columns; i++) {
                        sb.append(rs.getString(i)).append(i < columns ? ',' : '\n');
                    }
                }
                if (n != expectedRows) {
                    throw new IllegalStateException("query returned " + n + " rows, expected " + expectedRows);
                }
                if (point && !sb.toString().startsWith(id + ",hello " + id + ",")) {
                    throw new IllegalStateException("point query for id " + id + " returned another row: " + sb.toString().trim());
                }
                return sb.toString();
            }
        }
    }
}
