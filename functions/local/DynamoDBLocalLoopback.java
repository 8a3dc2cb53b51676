// Starts DynamoDB Local (same command-line options as DynamoDBLocal.jar) listening on 127.0.0.1 only.
// The jar has no option for the bind address and listens on every interface; this launcher builds the
// server the jar's own way, sets the host of its Jetty connectors, then starts it. Run in Java's
// source-file mode by functions/local/dynamodb.py (no build step):
//   java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* DynamoDBLocalLoopback.java -port 8002 -inMemory
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDBLocalLoopback {
    public static void main(String[] args) throws Exception {
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server server = (Server) field.get(proxy);
        for (Connector connector : server.getConnectors()) {
            ((ServerConnector) connector).setHost("127.0.0.1");
        }
        proxy.start();
        proxy.join();
    }
}
