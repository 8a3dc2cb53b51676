/**
 * The dashboard's charts (Apache ECharts, modular: line and pie charts, grid, tooltip, SVG renderer).
 * This module is loaded lazily by the dashboard only, so ECharts is never part of another page's
 * first load; the options come from ./dashboard-data.
 */
import * as echarts from 'echarts/core';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/echart';

echarts.use([LineChart, PieChart, GridComponent, TooltipComponent, SVGRenderer]);

export default EChart;
